/**
 * Pure pieces of one STOMP session: heart-beat negotiation, the subscription table with its
 * limit, the refusal messages the server answers with, and a WebSocket close reason that
 * fits the protocol's 123 bytes.
 */

import type { Channel } from '../hub';

/** What the ERROR frame's `message` header says when a limit or a rule is hit. */
export const refusal = {
  tooManySubscriptions: (max: number) => `订阅数已达上限（${max}）`,
  duplicateSubscription: (id: string) => `订阅 ID 重复（${id.slice(0, 40)}）`,
  tooManySockets: (max: number) => `连接数已达上限（${max}）`,
  duplicateConnect: () => '重复的 CONNECT：每个连接只能 CONNECT 一次',
  tooManyEarlyFrames: (max: number) => `收到 CONNECTED 之前的帧过多（${max}）`,
  idle: (ms: number) => `连接空闲超时（${formatDuration(ms)}内未收到任何数据）`,
  connectTimeout: (ms: number) => `连接超时（${formatDuration(ms)}内未完成 CONNECT）`,
  serverError: () => '服务器内部错误',
};

/** 120000 -> "120 秒", 1500 -> "1.5 秒", 300 -> "300 毫秒". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} 毫秒`;
  return `${Math.round(ms / 100) / 10} 秒`;
}

/**
 * STOMP 1.2 heart-beat negotiation. The client's header `cx,cy` says it can send every cx ms
 * and wants one every cy ms; the server offers `send` and `expect`. 0 on either side turns a
 * direction off. Answers how often the server sends (`outgoing`) and how often it expects a
 * byte (`incoming`), 0 meaning never.
 */
export function negotiateHeartbeat(
  header: string | undefined,
  offer: { send: number; expect: number },
): { outgoing: number; incoming: number } {
  const parts = (header ?? '0,0').split(',');
  const read = (s: string | undefined) => {
    const n = Number((s ?? '').trim());
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  };
  const cx = read(parts[0]);
  const cy = read(parts[1]);
  return {
    outgoing: cy && offer.send ? Math.max(cy, offer.send) : 0,
    incoming: cx && offer.expect ? Math.max(cx, offer.expect) : 0,
  };
}

/**
 * A socket's subscriptions: id -> channel, at most `max` of them, ids unique. `add` answers
 * the refusal message, or null when the subscription was taken.
 */
export class SubscriptionTable {
  private readonly byId = new Map<string, Channel>();

  constructor(private readonly max: number) {}

  add(id: string, channel: Channel): string | null {
    if (this.byId.has(id)) return refusal.duplicateSubscription(id);
    if (this.byId.size >= this.max) return refusal.tooManySubscriptions(this.max);
    this.byId.set(id, channel);
    return null;
  }

  delete(id: string): void {
    this.byId.delete(id);
  }

  /** The subscription ids listening on `channel`. */
  idsFor(channel: Channel): string[] {
    const out: string[] = [];
    for (const [id, ch] of this.byId) if (ch === channel) out.push(id);
    return out;
  }

  get size(): number {
    return this.byId.size;
  }
}

/** A WebSocket close reason is at most 123 bytes of UTF-8; cut on a character boundary. */
export function closeReason(text: string, maxBytes = 123): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}
