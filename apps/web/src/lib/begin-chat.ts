import type { ChatListItem } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from './api';
import { useSession } from './session';

/** The chat with `receiverId` (an expert, or an expert's client), made on first contact. */
export function beginChat(receiverId: number): Promise<ChatListItem> {
  return api.post<ChatListItem>('/api/chat/begin', { receiverId });
}

/**
 * The 在线咨询 / 联系专家 buttons: opens (or reuses) the conversation with someone and goes
 * to the chat page. A visitor is sent to sign in first and comes back to this page.
 */
export function useBeginChat() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);
  const mutation = useMutation({
    mutationFn: beginChat,
    onSuccess: (chat) => navigate(`/sys/userChat?chatId=${chat.chatId}`),
  });
  return {
    isPending: mutation.isPending,
    start(receiverId: number) {
      if (!token) {
        navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
        return;
      }
      mutation.mutate(receiverId);
    },
  };
}
