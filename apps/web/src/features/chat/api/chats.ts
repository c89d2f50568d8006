import type { ChatListItem } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { beginChat } from '../../../lib/begin-chat';

/** My chats, newest activity first. */
export function fetchChatList(): Promise<ChatListItem[]> {
  return api.get<ChatListItem[]>('/api/chat/get-list', undefined, { silent: true });
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
