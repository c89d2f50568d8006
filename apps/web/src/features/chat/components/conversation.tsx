import { LeftOutlined, ProfileOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton, Space } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { useChatThread } from '../api/chat-cache';
import { useChatStore, useShownMessages } from '../store/chat-store';
import styles from './chat.module.css';
import { Composer } from './composer';
import { ConnectionStatus } from './connection-status';
import { MessageList } from './message-list';
import { PeerAvatar, PeerTag } from './peer-avatar';

interface Props {
  chatId: number;
  me: { id: number; name: string; avatar: string | null };
  onBack: () => void;
}

/** The open chat: who it is with, the messages, and the composer. */
export function Conversation({ chatId, me, onBack }: Props) {
  const thread = useChatThread(chatId);
  // The store's state is about the chat it has open; this one may not be it yet.
  const status = useChatStore((s) => (s.openChatId === chatId ? s.chatStatus : 'loading'));
  const error = useChatStore((s) => s.chatError);
  const messages = useShownMessages(chatId, thread?.messages);
  const openChat = useChatStore((s) => s.openChat);
  const peer = thread?.chat?.receiverUserinfo;
  // An expert talking with a person opens that person's record from here (the record decides who may).
  const iAmExpert = useSession((s) => s.userInfo?.role === 'expert');

  const back = (
    <Button
      className={styles.backButton}
      type="text"
      icon={<LeftOutlined />}
      onClick={onBack}
      aria-label="返回会话列表"
    />
  );

  if (status === 'error') {
    return (
      <>
        <div className={styles.paneHeader}>{back}</div>
        <div className={styles.centered}>
          {error === 'notFound' ? (
            <Result
              status="404"
              title="会话不存在"
              subTitle="该会话不存在，或您不是会话的参与者。"
              extra={<Button onClick={onBack}>返回会话列表</Button>}
            />
          ) : (
            <Result
              status="warning"
              title="消息加载失败"
              subTitle="请检查网络后重试。"
              extra={
                <Button type="primary" onClick={() => void openChat(chatId)}>
                  重新加载
                </Button>
              }
            />
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <div className={styles.paneHeader}>
        <div className={styles.peerLine}>
          {back}
          {peer ? (
            <>
              <PeerAvatar peer={peer} size={36} />
              <div style={{ minWidth: 0 }}>
                <div className={styles.peerLine} style={{ gap: 6 }}>
                  <span className={styles.peerName}>{peer.name}</span>
                  <PeerTag peer={peer} className={styles.itemTag} />
                </div>
                {peer.department && <div className={styles.peerDept}>{peer.department}</div>}
              </div>
            </>
          ) : (
            <Skeleton.Input active size="small" />
          )}
        </div>
        <Space size={8}>
          {iAmExpert && peer?.identityType === 0 && (
            <Link to={`/expert/archives/record?userId=${peer.id}`}>
              <Button size="small" icon={<ProfileOutlined />}>
                心理档案
              </Button>
            </Link>
          )}
          <span className={styles.phoneOnly}>
            <ConnectionStatus />
          </span>
        </Space>
      </div>
      {status === 'ready' && peer ? (
        <MessageList
          chatId={chatId}
          messages={messages}
          hasMore={thread?.hasMore ?? false}
          peerLastReadId={thread?.peerLastReadId ?? 0}
          peer={peer}
          me={me}
        />
      ) : (
        <div className={styles.messages}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} avatar active paragraph={{ rows: 1 }} style={{ marginTop: 16 }} />
          ))}
        </div>
      )}
      <Composer chatId={chatId} />
    </>
  );
}
