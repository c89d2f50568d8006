import { describe, expect, it } from 'vitest';
import { closeReason, formatDuration, negotiateHeartbeat, refusal, SubscriptionTable } from './session';

describe('STOMP heart-beat negotiation', () => {
  const offer = { send: 10_000, expect: 10_000 };

  it('takes the slower of what each side asks for, per direction', () => {
    expect(negotiateHeartbeat('20000,0', offer)).toEqual({ outgoing: 0, incoming: 20_000 });
    expect(negotiateHeartbeat('5000,5000', offer)).toEqual({ outgoing: 10_000, incoming: 10_000 });
    expect(negotiateHeartbeat('0,30000', offer)).toEqual({ outgoing: 30_000, incoming: 0 });
  });

  it('turns both directions off for 0,0, a missing header, or a server that offers nothing', () => {
    expect(negotiateHeartbeat('0,0', offer)).toEqual({ outgoing: 0, incoming: 0 });
    expect(negotiateHeartbeat(undefined, offer)).toEqual({ outgoing: 0, incoming: 0 });
    expect(negotiateHeartbeat('1000,1000', { send: 0, expect: 0 })).toEqual({ outgoing: 0, incoming: 0 });
  });

  it('reads garbage and negative values as off', () => {
    expect(negotiateHeartbeat('abc,-5', offer)).toEqual({ outgoing: 0, incoming: 0 });
    expect(negotiateHeartbeat('1e400,', offer)).toEqual({ outgoing: 0, incoming: 0 });
    expect(negotiateHeartbeat('1.5,2', offer)).toEqual({ outgoing: 10_000, incoming: 0 });
  });
});

describe('STOMP subscription table', () => {
  it('refuses the subscription past the limit with the limit in the message', () => {
    const t = new SubscriptionTable(3);
    expect(t.add('a', 'message')).toBeNull();
    expect(t.add('b', 'notification')).toBeNull();
    expect(t.add('c', 'message')).toBeNull();
    expect(t.add('d', 'message')).toBe('订阅数已达上限（3）');
    expect(t.size).toBe(3);
  });

  it('refuses a duplicate id, even on another channel', () => {
    const t = new SubscriptionTable(32);
    expect(t.add('s1', 'message')).toBeNull();
    expect(t.add('s1', 'notification')).toBe(refusal.duplicateSubscription('s1'));
    expect(t.idsFor('notification')).toEqual([]);
  });

  it('frees a place on unsubscribe and lists ids per channel in order', () => {
    const t = new SubscriptionTable(2);
    t.add('a', 'message');
    t.add('b', 'notification');
    t.delete('a');
    expect(t.add('c', 'message')).toBeNull();
    expect(t.idsFor('message')).toEqual(['c']);
    expect(t.idsFor('notification')).toEqual(['b']);
    t.delete('unknown');
    expect(t.size).toBe(2);
  });
});

describe('STOMP refusal texts', () => {
  it('name the limit', () => {
    expect(refusal.tooManySubscriptions(32)).toBe('订阅数已达上限（32）');
    expect(refusal.tooManySockets(10)).toBe('连接数已达上限（10）');
    expect(refusal.idle(120_000)).toBe('连接空闲超时（120 秒内未收到任何数据）');
    expect(refusal.connectTimeout(10_000)).toBe('连接超时（10 秒内未完成 CONNECT）');
  });

  it('formats durations in seconds, or milliseconds below one', () => {
    expect(formatDuration(120_000)).toBe('120 秒');
    expect(formatDuration(1500)).toBe('1.5 秒');
    expect(formatDuration(300)).toBe('300 毫秒');
  });
});

describe('WebSocket close reason', () => {
  it('keeps short reasons and cuts long Chinese ones to 123 bytes on a character boundary', () => {
    expect(closeReason('session ended')).toBe('session ended');
    const long = '订阅数已达上限'.repeat(10);
    const cut = closeReason(long);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(123);
    expect(cut.length).toBe(41);
    expect(long.startsWith(cut)).toBe(true);
  });
});
