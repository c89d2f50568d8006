import type { ChatListItem, ChatMessage } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  appendPage,
  firstStoredId,
  lastStoredId,
  mergeFirstPage,
  mergeMessages,
  type LocalMessage,
} from './merge';

const msg = (id: number, over: Partial<LocalMessage> = {}): LocalMessage => ({
  id,
  chatId: 1,
  senderId: 1,
  messageType: '0',
  messageContent: `m${id}`,
  image: null,
  clientMessageId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('mergeMessages', () => {
  it('keeps one copy per id, in id order, whatever order pages arrive in', () => {
    const merged = mergeMessages([msg(5), msg(6)], [msg(3), msg(4), msg(5)]);
    expect(merged.map((m) => m.id)).toEqual([3, 4, 5, 6]);
  });

  it('lets the newer copy win (fresh image links)', () => {
    const image = (url: string): ChatMessage['image'] => ({
      id: 'x',
      url,
      thumbUrl: url,
      width: 1,
      height: 1,
    });
    const merged = mergeMessages([msg(7, { image: image('old') })], [msg(7, { image: image('new') })]);
    expect(merged[0]!.image!.url).toBe('new');
  });

  it('keeps a pending message at the end until its stored copy arrives, then drops it', () => {
    const pending = msg(-1, { clientMessageId: 'c-12345678', pending: 'sending' });
    const waiting = mergeMessages([msg(1), pending], [msg(2)]);
    expect(waiting.map((m) => m.id)).toEqual([1, 2, -1]);
    const arrived = mergeMessages(waiting, [msg(3, { clientMessageId: 'c-12345678' })]);
    expect(arrived.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('finds the oldest and newest stored ids, skipping pending ones', () => {
    const list = [msg(4), msg(9), msg(-2, { clientMessageId: 'c-abcdefgh', pending: 'failed' })];
    expect(firstStoredId(list)).toBe(4);
    expect(lastStoredId(list)).toBe(9);
    expect(lastStoredId([])).toBe(0);
  });
});

const chat = (chatId: number, at: string, over: Partial<ChatListItem> = {}): ChatListItem => ({
  chatId,
  lastChatMessage: null,
  receiverUserinfo: {
    id: chatId + 100,
    name: `咨询师${chatId}`,
    wxImg: null,
    identityType: 1,
    department: null,
  },
  haveNotRead: false,
  unreadCount: 0,
  peerLastReadId: 0,
  lastActivityAt: `2026-11-29T0${at}:00:00.000Z`,
  ...over,
});
const idsOf = (list: ChatListItem[]) => list.map((c) => c.chatId);

describe('mergeFirstPage', () => {
  const held = [chat(9, '9'), chat(8, '8'), chat(7, '7'), chat(6, '6'), chat(5, '5'), chat(4, '4')];

  it('keeps the later pages after a fresh first page, with a chat that moved up taken from the page', () => {
    const page = [chat(9, '9'), chat(5, '9', { unreadCount: 2 }), chat(8, '8')];
    const merged = mergeFirstPage(held, page, 3);
    expect(idsOf(merged)).toEqual([9, 5, 8, 7, 6, 4]);
    expect(merged.find((c) => c.chatId === 5)!.unreadCount).toBe(2);
  });

  it('drops a held chat the page should show but does not (it is gone)', () => {
    const merged = mergeFirstPage(held, [chat(9, '9'), chat(7, '7'), chat(6, '6')], 3);
    expect(idsOf(merged)).toEqual([9, 7, 6, 5, 4]);
  });

  it('takes a short page as the whole list, and the first answer as it is', () => {
    expect(idsOf(mergeFirstPage(held, [chat(9, '9'), chat(8, '8')], 3))).toEqual([9, 8]);
    expect(idsOf(mergeFirstPage(undefined, [chat(9, '9'), chat(8, '8'), chat(7, '7')], 3))).toEqual([
      9, 8, 7,
    ]);
  });

  it('orders chats of the same millisecond by id, as the server does', () => {
    const same = [chat(3, '5'), chat(2, '5'), chat(1, '5')];
    expect(idsOf(mergeFirstPage(same, [chat(3, '5'), chat(2, '5')], 2))).toEqual([3, 2, 1]);
  });
});

describe('appendPage', () => {
  it('adds a later page once per chat, keeping the newer copy, in list order', () => {
    const held = [chat(9, '9'), chat(6, '8', { unreadCount: 1 })];
    const merged = appendPage(held, [chat(6, '6'), chat(5, '5')]);
    expect(idsOf(merged)).toEqual([9, 6, 5]);
    expect(merged[1]!.unreadCount).toBe(1);
  });
});
