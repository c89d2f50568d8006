import type { ChatListItem, ChatMessage } from '@psy/contracts';

/**
 * A message as the page holds it: stored ones have the server's id; one still on its way
 * (or failed) has a negative local id and is matched later by its clientMessageId.
 */
export type LocalMessage = ChatMessage & { pending?: 'sending' | 'failed' };

export const isStored = (m: LocalMessage): boolean => m.id > 0 && !m.pending;

/**
 * Held messages plus new ones: one copy per id (the newer copy wins, e.g. fresh image
 * URLs), stored messages in id order, then those still pending unless the stored copy
 * with the same clientMessageId has arrived (the push may beat the send's own answer).
 */
export function mergeMessages(held: LocalMessage[], incoming: LocalMessage[]): LocalMessage[] {
  const byId = new Map<number, LocalMessage>();
  const pending: LocalMessage[] = [];
  for (const m of [...held, ...incoming]) {
    if (isStored(m)) byId.set(m.id, m);
    else pending.push(m);
  }
  const stored = [...byId.values()].sort((a, b) => a.id - b.id);
  const arrived = new Set(stored.map((m) => m.clientMessageId).filter(Boolean));
  const seen = new Set<string>();
  const waiting = pending.filter((m) => {
    const key = m.clientMessageId ?? String(m.id);
    if (arrived.has(m.clientMessageId) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...stored, ...waiting];
}

export function lastStoredId(messages: LocalMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (isStored(messages[i]!)) return messages[i]!.id;
  return 0;
}

export function firstStoredId(messages: LocalMessage[]): number {
  return messages.find(isStored)?.id ?? 0;
}

/** Newest activity first, as the server orders the list. */
export function sortChats(chats: ChatListItem[]): ChatListItem[] {
  return [...chats].sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt) || b.chatId - a.chatId);
}
