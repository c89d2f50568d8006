import type { ChatListItem, ChatMessage } from '@psy/contracts';
import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { sortChats } from '../store/merge';

/**
 * The chat's server data in the TanStack Query cache: the chat list, the chats with unread
 * messages (the header badge), and per chat the messages held for it. The chat store
 * (store/chat-store.ts) does every read from the server, in the order the delivery rules
 * need (gap-free catch-up, one list request at a time), and writes the answers here, as
 * does the STOMP handler for pushed messages; components only read.
 */
export const chatKeys = {
  all: ['chat'] as const,
  list: ['chat', 'list'] as const,
  /** Chats with messages I have not read, also those the list does not show yet. */
  unread: ['chat', 'unread'] as const,
  thread: (chatId: number) => ['chat', 'thread', chatId] as const,
};

/** One chat as held while it is open: who it is with and its stored messages, oldest first. */
export interface ChatThread {
  chat: ChatListItem | null;
  messages: ChatMessage[];
  hasMore: boolean;
  /** My messages up to this id show 已读. */
  peerLastReadId: number;
}

export const emptyThread = (chat: ChatListItem | null): ChatThread => ({
  chat,
  messages: [],
  hasMore: false,
  peerLastReadId: 0,
});

export function updateThread(
  qc: QueryClient,
  chatId: number,
  update: (t: ChatThread) => Partial<ChatThread>,
) {
  qc.setQueryData<ChatThread>(chatKeys.thread(chatId), (t) => (t ? { ...t, ...update(t) } : t));
}

export const threadOf = (qc: QueryClient, chatId: number) =>
  qc.getQueryData<ChatThread>(chatKeys.thread(chatId));

export function updateChatList(qc: QueryClient, update: (list: ChatListItem[]) => ChatListItem[]) {
  qc.setQueryData<ChatListItem[]>(chatKeys.list, (list) => (list ? update(list) : list));
}

export function updateUnread(qc: QueryClient, update: (ids: number[]) => number[]) {
  qc.setQueryData<number[]>(chatKeys.unread, (ids) => update(ids ?? []));
}

/** The open chat has been read (the server marked it while answering): clear its unread state. */
export function markChatRead(qc: QueryClient, chatId: number) {
  updateUnread(qc, (ids) => ids.filter((id) => id !== chatId));
  updateChatList(qc, (list) =>
    list.map((c) => (c.chatId === chatId ? { ...c, haveNotRead: false, unreadCount: 0 } : c)),
  );
}

/**
 * A pushed message in the list: its chat gets it as last message and, unless it is mine
 * (echoed to all my tabs), is marked unread, also before the list shows that chat.
 */
export function addPushToList(qc: QueryClient, message: ChatMessage, own: boolean) {
  updateChatList(qc, (list) =>
    sortChats(
      list.map((c) =>
        c.chatId !== message.chatId || (c.lastChatMessage && c.lastChatMessage.id > message.id)
          ? c
          : {
              ...c,
              lastChatMessage: message,
              lastActivityAt: message.createdAt,
              haveNotRead: own ? c.haveNotRead : true,
              unreadCount: own ? c.unreadCount : c.unreadCount + 1,
            },
      ),
    ),
  );
  if (!own) updateUnread(qc, (ids) => (ids.includes(message.chatId) ? ids : [...ids, message.chatId]));
}

// Readers. The store fetches; these never do (skipToken), they follow the cache.

/** My chats, newest activity first; no data until the first list answer. */
export function useChatListData() {
  return useQuery<ChatListItem[]>({ queryKey: chatKeys.list, queryFn: skipToken });
}

export function useChatThread(chatId: number) {
  return useQuery<ChatThread>({ queryKey: chatKeys.thread(chatId), queryFn: skipToken }).data;
}

/** How many chats have unread messages, or null before the chat list has loaded once. */
export function useUnreadChats(): number | null {
  const listReady = useChatListData().data !== undefined;
  const unread = useQuery<number[]>({ queryKey: chatKeys.unread, queryFn: skipToken }).data;
  return listReady ? (unread?.length ?? 0) : null;
}
