import { describe, expect, it } from 'vitest';
import { createPushOrder } from './push-order';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('push order', () => {
  it('runs the pushes of one chat in the order the turns were taken, whenever they become ready', async () => {
    const order = createPushOrder();
    const ran: string[] = [];
    const a = order.take(1);
    const b = order.take(1);
    const c = order.take(1);
    const other = order.take(2);
    const done = [
      c.run(async () => void ran.push('c')),
      b.run(async () => void ran.push('b')),
      other.run(async () => void ran.push('other chat')),
    ];
    await tick();
    // Another chat does not wait; this one waits for a.
    expect(ran).toEqual(['other chat']);
    done.push(a.run(async () => void ran.push('a')));
    await Promise.all(done);
    expect(ran).toEqual(['other chat', 'a', 'b', 'c']);
    await tick();
    expect(order.pending()).toBe(0);
  });

  it('a skipped turn lets the next one go; a failed push is its own sender’s error only', async () => {
    const order = createPushOrder();
    const ran: string[] = [];
    const a = order.take(7);
    const b = order.take(7);
    const c = order.take(7);
    const failed = b.run(() => Promise.reject(new Error('redis down')));
    const later = c.run(async () => void ran.push('c'));
    a.skip();
    await expect(failed).rejects.toThrow('redis down');
    await later;
    expect(ran).toEqual(['c']);
    expect(() => c.run(async () => {})).toThrow('push turn already used');
    await tick();
    expect(order.pending()).toBe(0);
  });
});
