import type { ChatMessage, ChatMessagesPage, MessageType } from '@psy/contracts';
import { api } from '../../../lib/api';

export const PAGE_SIZE = 30;
/** Catch-up (after a reconnect or a push) asks for up to this many; a longer gap reloads the newest page. */
export const CATCH_UP_LIMIT = 200;

/**
 * The three ways to read a chat (every call also marks it read for me):
 * newest page, what came after the message I hold, or the page before my oldest one.
 */
export type MessagesCursor = { newest: true } | { after: number } | { before: number };

export function fetchMessages(
  chatId: number,
  cursor: MessagesCursor,
  limit = PAGE_SIZE,
): Promise<ChatMessagesPage> {
  const query: Record<string, number> = { chatId, limit, readChatMessage: 0 };
  if ('after' in cursor) query.readChatMessage = cursor.after;
  if ('before' in cursor) query.before = cursor.before;
  return api.get<ChatMessagesPage>('/api/chat/messages', query, { silent: true });
}

/** 8-64 characters of [A-Za-z0-9_-]: one per message, reused by a retry so it is stored once. */
export function newClientMessageId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '')
      : Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
  return `w${Date.now().toString(36)}_${random}`.slice(0, 64);
}

/** `silent`: no error toast; the message bubble shows 发送失败 and 重发 instead. */
export function sendMessage(
  body: {
    chatId: number;
    messageType: MessageType;
    messageContent: string;
    clientMessageId: string;
  },
  opts: { silent?: boolean } = {},
): Promise<ChatMessage> {
  return api.post<ChatMessage>('/api/chat/send', body, { silent: opts.silent });
}
