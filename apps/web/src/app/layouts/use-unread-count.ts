import { useChatRealtime } from '../../features/chat/api/realtime';
import { useChatStore } from '../../features/chat/store/chat-store';
import { useUnreadSummary } from '../../lib/unread-summary';

/**
 * The header badge: unread notifications plus chats with unread messages
 * (GET /api/userNotification/summary). The chat part comes from the chat store once it
 * holds the chat list, so a push or opening a chat changes the badge at once; the store
 * reloads that list from the server after every push and reconnect, so both agree.
 * The header is on every page, so this is also where the live connection lives.
 */
export function useUnreadCount(): number {
  useChatRealtime();
  const connected = useChatStore((s) => s.connection === 'connected');
  const listReady = useChatStore((s) => s.listStatus === 'ready');
  const unreadChats = useChatStore((s) => s.unreadChatIds.length);
  const { data } = useUnreadSummary(!connected);
  if (!data) return listReady ? unreadChats : 0;
  return data.notifications + (listReady ? unreadChats : data.chats);
}
