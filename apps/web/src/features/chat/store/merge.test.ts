import type { ChatMessage } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { firstStoredId, lastStoredId, mergeMessages, type LocalMessage } from './merge';

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
