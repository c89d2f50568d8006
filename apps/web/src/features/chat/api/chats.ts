import type { ChatListItem } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** My chats, newest activity first. */
export function fetchChatList(): Promise<ChatListItem[]> {
  return api.get<ChatListItem[]>('/api/chat/get-list', undefined, { silent: true });
}

/** One chat; silent because the page shows its own 会话不存在 state. */
export function fetchChat(chatId: number): Promise<ChatListItem> {
  return api.get<ChatListItem>(`/api/chat/get/${chatId}`, undefined, { silent: true });
}

/** The chat with `receiverId` (an expert, or an expert's client), made on first contact. */
export function beginChat(receiverId: number): Promise<ChatListItem> {
  return api.post<ChatListItem>('/api/chat/begin', { receiverId });
}

/**
 * For an 在线咨询 button elsewhere (an expert's page): begin, then open
 * /sys/userChat?chatId=<id>. Linking to /sys/userChat?receiverId=<userId> does the same.
 */
export function useBeginChat() {
  return useMutation({ mutationFn: beginChat });
}
