import type { ChatPeer } from '@psy/contracts';
import { Empty, Spin } from 'antd';
import { Fragment, useCallback, useLayoutEffect, useRef } from 'react';
import { useChatStore } from '../store/chat-store';
import { firstStoredId, type LocalMessage } from '../store/merge';
import { dayKey } from '../../../lib/format';
import { dayLabel } from './chat-time';
import styles from './chat.module.css';
import { MessageBubble } from './message-bubble';

/** Spec section 9: infinite scroll throttled to 200 ms, triggered at distance 0 from the top. */
const THROTTLE_MS = 200;
/** Closer than this to the bottom counts as "reading the newest": new messages scroll into view. */
const NEAR_BOTTOM_PX = 120;

interface Props {
  chatId: number;
  messages: LocalMessage[];
  hasMore: boolean;
  /** My messages up to this id show 已读. */
  peerLastReadId: number;
  peer: ChatPeer;
  me: { id: number; name: string; avatar: string | null };
}

/**
 * The open chat's messages with day separators. Scrolling to the top loads older history
 * and keeps the message the user was looking at in place; new messages scroll into view
 * when the user is at the bottom (or sent them).
 */
export function MessageList({ chatId, messages, hasMore, peerLastReadId, peer, me }: Props) {
  const loadingOlder = useChatStore((s) => s.loadingOlder);
  const loadOlder = useChatStore((s) => s.loadOlder);
  const retry = useChatStore((s) => s.retry);
  const refreshImages = useChatStore((s) => s.refreshImages);

  const box = useRef<HTMLDivElement>(null);
  // What the list looked like at the last render, to tell a prepend from an append.
  const before = useRef({ chatId: 0, firstId: 0, count: 0, fromBottom: 0, nearBottom: true });
  const lastCheck = useRef(0);

  const remember = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const fromBottom = el.scrollHeight - el.scrollTop;
    before.current.fromBottom = fromBottom;
    before.current.nearBottom = fromBottom - el.clientHeight < NEAR_BOTTOM_PX;
  }, []);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const prev = before.current;
    const firstId = firstStoredId(messages);
    const last = messages.at(-1);
    if (prev.chatId !== chatId) {
      el.scrollTop = el.scrollHeight;
    } else if (firstId && prev.firstId && firstId < prev.firstId) {
      // Older history went in above: keep the same distance from the bottom.
      el.scrollTop = el.scrollHeight - prev.fromBottom;
    } else if (messages.length > prev.count && (prev.nearBottom || last?.senderId === me.id)) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { ...prev, chatId, firstId, count: messages.length };
    remember();
    // A first page that does not fill the pane cannot be scrolled up: load more right away.
    if (hasMore && !loadingOlder && el.scrollHeight <= el.clientHeight) void loadOlder();
  }, [chatId, messages, me.id, hasMore, loadingOlder, loadOlder, remember]);

  const onScroll = () => {
    remember();
    const now = Date.now();
    if (now - lastCheck.current < THROTTLE_MS) return;
    lastCheck.current = now;
    const el = box.current;
    if (el && el.scrollTop < 1 && hasMore && !loadingOlder) void loadOlder();
  };

  return (
    <div className={styles.messages} ref={box} onScroll={onScroll} aria-label="消息记录" role="log">
      {loadingOlder ? (
        <div className={styles.historyNote}>
          <Spin size="small" /> 正在加载更早的消息…
        </div>
      ) : hasMore ? (
        <div className={styles.historyNote}>向上滚动查看更早的消息</div>
      ) : messages.length > 0 ? (
        <div className={styles.historyNote}>没有更早的消息了</div>
      ) : null}
      {messages.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={`还没有消息，向${peer.name}问声好吧`}
          style={{ marginTop: 48 }}
        />
      )}
      {messages.map((m, i) => {
        const prev = messages[i - 1];
        const separator = !prev || dayKey(prev.createdAt) !== dayKey(m.createdAt);
        return (
          <Fragment key={m.clientMessageId && m.id < 0 ? m.clientMessageId : m.id}>
            {separator && (
              <div className={styles.daySeparator}>
                <span>{dayLabel(m.createdAt)}</span>
              </div>
            )}
            <MessageBubble
              message={m}
              own={m.senderId === me.id}
              peer={peer}
              me={me}
              peerLastReadId={peerLastReadId}
              onRetry={(id) => void retry(id)}
              onRefreshImages={refreshImages}
            />
          </Fragment>
        );
      })}
    </div>
  );
}
