import { CheckOutlined, MessageOutlined } from '@ant-design/icons';
import { FEEDBACK_REPLY_MAX, feedbackKindLabels } from '@psy/contracts';
import { Alert, Button, Card, Descriptions, Flex, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { idParam, itemStates } from '../../../components/page-states';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { formatDateTime } from '../../../lib/format';
import { useExpertFeedback, useHandleFeedback, type FeedbackDetail } from '../api/feedback';
import { FeedbackWords, ReplyBlock, Stars } from '../components/feedback-parts';
import { FeedbackStatusTag } from '../components/feedback-status-tag';

/** The reply box: a reply marks it handled too; without one it is only marked handled. */
function HandleForm({ f }: { f: FeedbackDetail }) {
  const [reply, setReply] = useState('');
  const handle = useHandleFeedback(f.id);
  const replying = reply.trim().length > 0;
  return (
    <Card title="回复与处理" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        回复会通过消息通知 {f.user.name || '对方'}
        ，并显示在其个人中心；不需要回复时可以直接标记为已处理。处理后不能再修改。
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="回复内容"
        rows={4}
        value={reply}
        maxLength={FEEDBACK_REPLY_MAX}
        showCount
        placeholder="写下您的回复（选填）"
        onChange={(e) => setReply(e.target.value)}
      />
      <Space wrap style={{ marginTop: 16 }}>
        <Button
          type="primary"
          icon={replying ? <MessageOutlined /> : <CheckOutlined />}
          loading={handle.isPending}
          onClick={() => handle.mutate(reply)}
        >
          {replying ? '回复并标记为已处理' : '标记为已处理'}
        </Button>
      </Space>
    </Card>
  );
}

const back = { to: '/expert/feedback/feedbackIndex', label: '返回反馈处理' };

/** 反馈详情 (/expert/feedback/feedbackDetail?id=): the feedback, what it is about, the reply. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const query = useExpertFeedback(id);
  const f = query.data;
  const state = itemStates(query, id, '反馈', back, { subTitle: '它可能不是写给您的' });

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title={f ? `反馈详情 · ${f.user.name || '用户'}` : '反馈详情'}
        sub={f && `${feedbackKindLabels[f.subject.kind]}反馈 · 提交于 ${formatDateTime(f.createdAt)}`}
        extra={
          <Link to={`/expert/feedback/feedbackIndex${f?.status === 'handled' ? '?tab=handled' : ''}`}>
            <Button>返回列表</Button>
          </Link>
        }
      />
      {state
        ? state.view
        : f && (
            <>
              {f.status === 'handled' && (
                <Alert
                  type="success"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title={`已于 ${formatDateTime(f.handledAt!)} 处理${f.reply ? '并回复' : ''}`}
                />
              )}
              <Card
                title={
                  <Flex align="center" gap={8} wrap>
                    <span>{f.user.name || '用户'} 的反馈</span>
                    <FeedbackStatusTag status={f.status} />
                  </Flex>
                }
              >
                <Flex align="center" gap={8} wrap>
                  <Stars value={f.rating} />
                  <Typography.Text type="secondary">{f.rating} 分</Typography.Text>
                  {f.anonymous && <Tag style={{ marginInlineEnd: 0 }}>匿名（其他用户看到“匿名用户”）</Tag>}
                </Flex>
                <FeedbackWords>{f.content}</FeedbackWords>
                {f.updatedAt !== f.createdAt && f.status === 'open' && (
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    最后修改于 {formatDateTime(f.updatedAt)}
                  </Typography.Text>
                )}
                {f.status === 'handled' && (
                  <ReplyBlock reply={f.reply} handledAt={f.handledAt} expertName={f.expert.name} who="我" />
                )}
              </Card>
              <Card title="反馈对象" size="small" style={{ marginTop: 16 }}>
                <Descriptions column={1} size="small">
                  <Descriptions.Item label="类型">{feedbackKindLabels[f.subject.kind]}</Descriptions.Item>
                  <Descriptions.Item label="名称">
                    {f.subject.link ? <Link to={f.subject.link}>{f.subject.title}</Link> : f.subject.title}
                  </Descriptions.Item>
                  <Descriptions.Item label="来访者">{f.user.name || '用户'}</Descriptions.Item>
                </Descriptions>
                {f.subject.link && (
                  <Link to={f.subject.link} style={{ display: 'inline-block', marginTop: 8 }}>
                    <Button size="small">查看{feedbackKindLabels[f.subject.kind]}</Button>
                  </Link>
                )}
              </Card>
              {f.can.handle && <HandleForm f={f} />}
            </>
          )}
    </WorkbenchLayout>
  );
}
