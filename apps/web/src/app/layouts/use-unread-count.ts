import { useChatRealtime } from '../../features/chat/api/realtime';
import { useUnreadChats } from '../../features/chat/api/chat-cache';
import { useChatStore } from '../../features/chat/store/chat-store';
import { useUnreadSummary } from '../../lib/unread-summary';

/**
 * The header badge: unread notifications plus chats with unread messages
 * (GET /api/userNotification/summary). The chat part comes from the chat cache once it
 * holds the chat list, so a push or opening a chat changes the badge at once; the chat
 * store reloads that list from the server after every push and reconnect, so both agree.
 * The header is on every page, so this is also where the live connection lives: the app
 * layer joins the chat and notification features here.
 */
export function useUnreadCount(): number {
  useChatRealtime();
  const connected = useChatStore((s) => s.connection === 'connected');
  const unreadChats = useUnreadChats();
  const { data } = useUnreadSummary(!connected);
  if (!data) return unreadChats ?? 0;
  return data.notifications + (unreadChats ?? data.chats);
}
