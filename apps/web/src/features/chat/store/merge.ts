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

/** Whether chat `a` comes after chat `b` in the list (older activity, or the same and a lower id). */
const listedAfter = (a: ChatListItem, b: ChatListItem) =>
  a.lastActivityAt.localeCompare(b.lastActivityAt) < 0 ||
  (a.lastActivityAt === b.lastActivityAt && a.chatId < b.chatId);

/**
 * The list after the first page was read again (after a push, a reconnect, a send): the page,
 * then the chats held from later pages that are still listed after its last chat. A short
 * page is the whole list. A held chat newer than the page's last one that the page does not
 * show is gone (it would be in the page), and a chat that moved up is taken from the page.
 */
export function mergeFirstPage(
  held: ChatListItem[] | undefined,
  page: ChatListItem[],
  pageSize: number,
): ChatListItem[] {
  const last = page[page.length - 1];
  if (!held || !last || page.length < pageSize) return page;
  const inPage = new Set(page.map((c) => c.chatId));
  return [...page, ...held.filter((c) => !inPage.has(c.chatId) && listedAfter(c, last))];
}

/** A later page added to the held list: one copy per chat (the newer activity wins), in list order. */
export function appendPage(held: ChatListItem[], page: ChatListItem[]): ChatListItem[] {
  const byId = new Map(held.map((c) => [c.chatId, c]));
  for (const c of page) {
    const mine = byId.get(c.chatId);
    if (!mine || mine.lastActivityAt < c.lastActivityAt) byId.set(c.chatId, c);
  }
  return sortChats([...byId.values()]);
}
