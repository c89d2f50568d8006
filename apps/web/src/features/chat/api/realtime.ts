import type { ChatMessage, NotificationPush } from '@psy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { aliveIf, openStomp } from '../../../lib/stomp';
import { fetchUnreadSummary, notificationKeys } from '../../../lib/unread-summary';
import { useChatStore } from '../store/chat-store';

function isChatMessage(body: unknown): body is ChatMessage {
  const m = body as Partial<ChatMessage> | null;
  return typeof m?.id === 'number' && typeof m.chatId === 'number' && typeof m.senderId === 'number';
}

/** An authenticated call answers whether the token still works; a 401 also starts the usual logout. */
const sessionAlive = aliveIf(fetchUnreadSummary);

function isPush(body: unknown): body is NotificationPush {
  const t = (body as { type?: unknown } | null)?.type;
  return t === 'notification' || t === 'chat.read';
}

/**
 * The live connection for the signed-in account (spec section 6: opened only when a token
 * exists). Mounted once, by the header's unread badge, so pushes arrive on every page.
 * A new token (another login) closes the old connection and forgets its chat state.
 */
export function useChatRealtime(): void {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token || !userId) return;
    const chat = useChatStore.getState();
    const refreshNotifications = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const close = openStomp({
      token,
      subscriptions: {
        [`/user/${userId}/message`]: (body) => {
          if (isChatMessage(body)) void chat.receive(body);
        },
        [`/user/${userId}/notification`]: (body) => {
          if (!isPush(body)) return;
          if (body.type === 'chat.read') chat.applyRead(body);
          else refreshNotifications();
        },
      },
      onStatus: (status) => chat.setConnection(status),
      sessionAlive,
      onConnected: () => {
        // Whatever happened while the socket was down: messages, notifications, read state.
        void chat.resync();
        refreshNotifications();
      },
    });
    return () => {
      close();
      useChatStore.getState().reset();
    };
  }, [token, userId, queryClient]);
}
