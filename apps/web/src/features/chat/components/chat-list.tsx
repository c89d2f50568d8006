import { BellOutlined, RightOutlined } from '@ant-design/icons';
import type { ChatListItem } from '@psy/contracts';
import { Avatar, Badge, Button, Empty, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useUnreadSummary } from '../../../lib/unread-summary';
import { useChatListData } from '../api/chat-cache';
import { useChatStore } from '../store/chat-store';
import { listTime } from './chat-time';
import styles from './chat.module.css';
import { PeerAvatar, PeerTag } from './peer-avatar';
import { LoadFailed } from '../../../components/page-states';

function preview(chat: ChatListItem, myId: number): string {
  const m = chat.lastChatMessage;
  if (!m) return '还没有消息';
  const text = m.messageType === '1' ? '[图片]' : m.messageContent.replace(/\s+/g, ' ');
  return m.senderId === myId ? `我：${text}` : text;
}

/** The bell of the header counts notifications too: they are one row away from here. */
function NotificationsRow() {
  const { data } = useUnreadSummary(false);
  const unread = data?.notifications ?? 0;
  return (
    <Link
      to="/user/message"
      className={styles.listItem}
      aria-label={`系统通知${unread ? `，${unread} 条未读` : ''}`}
    >
      <Badge count={unread} size="small" offset={[-4, 4]}>
        <Avatar size={44} style={{ background: '#fa8c16', flex: 'none' }} icon={<BellOutlined />} />
      </Badge>
      <div className={styles.itemBody}>
        <div className={styles.itemTop}>
          <span className={styles.itemName}>系统通知</span>
        </div>
        <div className={styles.itemBottom}>
          <span className={styles.itemPreview}>
            {unread ? `${unread} 条未读通知` : '预约、订单、测评等消息'}
          </span>
        </div>
      </div>
      <RightOutlined style={{ color: '#bfbfbf', fontSize: 12 }} />
    </Link>
  );
}

interface Props {
  myId: number;
  activeId: number | null;
  onSelect: (chatId: number) => void;
  emptyHint: React.ReactNode;
}

/** The end of the list: reading older chats when it scrolls into view, or by its button. */
function MoreChats() {
  const hasMore = useChatStore((s) => s.listHasMore);
  const loading = useChatStore((s) => s.loadingMoreChats);
  const loadMore = useChatStore((s) => s.loadMoreChats);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [hasMore, loadMore]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className={styles.listMore}>
      <Button type="link" size="small" loading={loading} onClick={() => void loadMore()}>
        {loading ? '正在加载更早的会话' : '加载更早的会话'}
      </Button>
    </div>
  );
}

export function ChatList({ myId, activeId, onSelect, emptyHint }: Props) {
  const { data: chats } = useChatListData();
  const failed = useChatStore((s) => s.listFailed);
  const loadList = useChatStore((s) => s.loadList);

  return (
    <div className={styles.listScroll}>
      <NotificationsRow />
      {!chats && failed ? (
        <LoadFailed title="会话列表加载失败" onRetry={() => void loadList()} />
      ) : !chats ? (
        <div style={{ padding: 16 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} avatar active title={{ width: '50%' }} paragraph={{ rows: 1 }} />
          ))}
        </div>
      ) : chats.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={emptyHint}
          style={{ padding: '32px 16px' }}
        />
      ) : (
        <nav aria-label="会话列表">
          {chats.map((c) => {
            const peer = c.receiverUserinfo;
            const active = c.chatId === activeId;
            const unread = c.haveNotRead && !active;
            return (
              <button
                key={c.chatId}
                type="button"
                className={`${styles.listItem} ${active ? styles.listItemActive : ''} ${unread ? styles.itemUnread : ''}`}
                aria-current={active ? 'true' : undefined}
                data-chat-id={c.chatId}
                onClick={() => onSelect(c.chatId)}
              >
                <Badge count={unread ? c.unreadCount || 1 : 0} size="small" offset={[-4, 4]}>
                  <PeerAvatar peer={peer} />
                </Badge>
                <div className={styles.itemBody}>
                  <div className={styles.itemTop}>
                    <span className={styles.itemName}>{peer.name}</span>
                    <PeerTag peer={peer} className={styles.itemTag} />
                    {peer.department && <span className={styles.itemDept}>{peer.department}</span>}
                    <span className={styles.itemTime}>
                      {listTime(c.lastChatMessage?.createdAt ?? c.lastActivityAt)}
                    </span>
                  </div>
                  <div className={styles.itemBottom}>
                    <span className={styles.itemPreview}>{preview(c, myId)}</span>
                  </div>
                </div>
              </button>
            );
          })}
          <MoreChats />
        </nav>
      )}
    </div>
  );
}
