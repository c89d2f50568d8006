import type { ChatListItem, UnreadChats } from '@psy/contracts';
import { CHAT_LIST_PAGE_SIZE } from '@psy/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { beginChat } from '../../../lib/begin-chat';

/** A page of my chats, newest activity first: the first, or the one after the chat `after`. */
export function fetchChatList(after?: ChatListItem): Promise<ChatListItem[]> {
  const query = {
    pageSize: CHAT_LIST_PAGE_SIZE,
    ...(after ? { beforeAt: after.lastActivityAt, beforeId: after.chatId } : {}),
  };
  return api.get<ChatListItem[]>('/api/chat/get-list', query, { silent: true });
}

/** The ids of my chats with unread messages, also of those no page held shows (the header badge). */
export async function fetchUnreadChatIds(): Promise<number[]> {
  return (await api.get<UnreadChats>('/api/chat/unread', undefined, { silent: true })).chatIds;
}

/** One chat; silent because the page shows its own 会话不存在 state. */
export function fetchChat(chatId: number): Promise<ChatListItem> {
  return api.get<ChatListItem>(`/api/chat/get/${chatId}`, undefined, { silent: true });
}

/**
 * For an 在线咨询 button elsewhere (an expert's page): begin, then open
 * /sys/userChat?chatId=<id>. Linking to /sys/userChat?receiverId=<userId> does the same.
 */
export function useBeginChat() {
  return useMutation({ mutationFn: beginChat });
}
