import { useChatRealtime } from '../../features/chat/api/realtime';
import { useUnreadChats } from '../../features/chat/api/chat-cache';
import { useChatStore } from '../../features/chat/store/chat-store';
import { useUnreadSummary } from '../../lib/unread-summary';

export interface UnreadCounts {
  /** Chats with unread messages: the chat icon's badge, leading to /sys/userChat. */
  chats: number;
  /** Unread notifications: the bell's badge, leading to /user/message. */
  notifications: number;
}

/**
 * The header's two badges (GET /api/userNotification/summary). The chat figure comes from
 * the chat cache once it holds the chat list, so a push or opening a chat changes the badge
 * at once; the chat store reloads that list from the server after every push and reconnect,
 * so both agree. The header is on every page, so this is also where the live connection
 * lives: the app layer joins the chat and notification features here.
 */
export function useUnreadCounts(): UnreadCounts {
  useChatRealtime();
  const connected = useChatStore((s) => s.connection === 'connected');
  const unreadChats = useUnreadChats();
  const { data } = useUnreadSummary(!connected);
  return { chats: unreadChats ?? data?.chats ?? 0, notifications: data?.notifications ?? 0 };
}
