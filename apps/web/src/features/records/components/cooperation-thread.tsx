import { SendOutlined } from '@ant-design/icons';
import { COOPERATION_MESSAGE_MAX } from '@psy/contracts';
import { Button, Empty, Flex, Input, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCooperationMessages, usePostMessage } from '../api/records';
import styles from './records.module.css';

/** The two experts' discussion: the messages, newest at the bottom, and a box to write in while it is open. */
export function CooperationThread({ id, canPost }: { id: number; canPost: boolean }) {
  const me = useSession((s) => s.userInfo?.id);
  const messages = useCooperationMessages(id, canPost);
  const post = usePostMessage(id);
  const [draft, setDraft] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  // Keep the newest message in view when one arrives.
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  const send = () => {
    const body = draft.trim();
    if (!body) return;
    post.mutate(body, { onSuccess: () => setDraft('') });
  };

  return (
    <>
      {messages.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : messages.isError ? (
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">讨论加载失败</Typography.Text>
          <Button size="small" onClick={() => void messages.refetch()}>
            重新加载
          </Button>
        </Flex>
      ) : count === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={canPost ? '还没有讨论，写下第一条吧' : '这次协作没有讨论记录'}
        />
      ) : (
        <div className={styles.thread} ref={box} data-testid="cooperation-thread">
          {messages.data.map((m) => (
            <div key={m.id} className={`${styles.bubble} ${m.author.id === me ? styles.bubbleMine : ''}`}>
              <div className={styles.bubbleMeta}>
                {m.author.id === me ? '我' : m.author.name} · {formatDateTime(m.createdAt)}
              </div>
              {m.body}
            </div>
          ))}
        </div>
      )}
      {canPost ? (
        <div style={{ marginTop: 12 }}>
          <Input.TextArea
            aria-label="讨论内容"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={COOPERATION_MESSAGE_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder="写下您对个案的看法或问题（Ctrl+Enter 发送）"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
            }}
          />
          <Flex justify="space-between" align="center" style={{ marginTop: 8 }} gap={8} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              仅协作双方可见，用户看不到讨论内容
            </Typography.Text>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={post.isPending}
              disabled={!draft.trim()}
              onClick={send}
            >
              发送
            </Button>
          </Flex>
        </div>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 13 }}>
          协作已结束，讨论只能查看。
        </Typography.Paragraph>
      )}
    </>
  );
}
