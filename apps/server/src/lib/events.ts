import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { outboxEvents } from '../modules/outbox/outbox.table';
import type { Clock } from './clock';

/**
 * Domain events: one domain announces what happened, others react (notifications, the
 * real-time hub) without the first importing them. Each domain adds its events here, or
 * in its own index.ts by declaration merging (`declare module '../../lib/events'`).
 * Payloads are stored as JSON: plain values only (times as ISO strings).
 */
export interface DomainEvents {
  /** Every session of the user ended (logout everywhere, password change or reset). */
  'sessions.revoked': { userId: number; sessionIds: number[] | 'all' };
  /** The password was changed in the personal center, or reset by SMS. */
  'account.passwordChanged': { userId: number; via: 'change' | 'reset' };
  'order.paid': {
    orderId: number;
    userId: number;
    kind: 'booking' | 'course' | 'report';
    itemId: number;
    amountFen: number;
    title: string;
  };
  'order.refunded': { orderId: number; userId: number; amountFen: number; title: string };
  /** A second payment for an order already paid went back to the payer. */
  'order.duplicateRefunded': { orderId: number; userId: number; amountFen: number; title: string };
  'booking.confirmed': BookingEvent;
  'booking.cancelled': BookingEvent & {
    by: 'user' | 'expert' | 'system';
    refundFen: number;
    reason: string | null;
  };
  'booking.completed': BookingEvent;
  'booking.no_show': BookingEvent;
  'booking.reminder': BookingEvent & { hoursBefore: 24 | 1 };
  // Each module declares its own events in its index.ts (review, warnings, reports).
}

/** Who and when, for every booking event. */
export interface BookingEvent {
  bookingId: number;
  userId: number;
  expertId: number;
  expertName: string;
  userName: string;
  /** ISO time. */
  startsAt: string;
}

export type EventName = keyof DomainEvents;

/** What a handler gets besides the payload. */
export interface EventContext {
  /** The outbox row's id: unique per event, the same on every retry. */
  eventId: number;
  /**
   * The delivery's transaction: a handler writes only through it, so its changes commit
   * together with the event being marked delivered (or not at all, and it is retried).
   */
  tx: Tx;
  /** Work outside the database (pushes to sockets): run once the delivery has committed. */
  afterCommit(fn: () => unknown): void;
}

type Handler<K extends EventName> = (payload: DomainEvents[K], ctx: EventContext) => unknown;

/** The channel a committed event is announced on (NOTIFY is delivered at commit, never on rollback). */
export const OUTBOX_CHANNEL = 'psy_outbox';
/** After this many failed attempts an event is set aside (failed_at) and logged. */
export const OUTBOX_MAX_ATTEMPTS = 10;
/** Delivered events are kept this long for inspection, then pruned. */
export const OUTBOX_KEEP_MS = 7 * 86_400_000;

/** 1 s, 2 s, 4 s ... capped at 10 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(600_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

export interface EventBus {
  /** Writes the event into the outbox in the caller's transaction: it is delivered only if that commits. */
  emit<K extends EventName>(tx: DbOrTx, name: K, payload: DomainEvents[K]): Promise<void>;
  subscribe<K extends EventName>(name: K, handler: Handler<K>): () => void;
  /** Delivers every event due now (and those its handlers emit); resolves when none is left. */
  drain(): Promise<number>;
  /** Starts delivery: at once on each commit (LISTEN) and by a poll for retries and left-overs. */
  start(opts: {
    pollMs: number;
    listen?: ((channel: string, onNotify: () => void) => Promise<() => Promise<void>>) | undefined;
  }): Promise<void>;
  stop(): Promise<void>;
  /** Deletes delivered events older than OUTBOX_KEEP_MS. */
  prune(): Promise<number>;
}

export interface EventBusDeps {
  db: Db;
  clock: Clock;
  onError?: (err: unknown, context: string) => void;
}

export function createEventBus({ db, clock, onError = () => {} }: EventBusDeps): EventBus {
  const handlers = new Map<string, Handler<EventName>[]>();
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;

  /** Takes the oldest due event no other instance holds, runs its handlers, marks it delivered. */
  async function deliverOne(): Promise<boolean> {
    const after: (() => unknown)[] = [];
    let picked: typeof outboxEvents.$inferSelect | undefined;
    try {
      await db.transaction(async (tx) => {
        [picked] = await tx
          .select()
          .from(outboxEvents)
          .where(
            and(
              isNull(outboxEvents.deliveredAt),
              isNull(outboxEvents.failedAt),
              lte(outboxEvents.availableAt, clock()),
            ),
          )
          .orderBy(asc(outboxEvents.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!picked) return;
        const ctx: EventContext = { eventId: picked.id, tx, afterCommit: (fn) => after.push(fn) };
        for (const h of handlers.get(picked.name) ?? []) await h(picked.payload as never, ctx);
        await tx
          .update(outboxEvents)
          .set({ deliveredAt: clock(), attempts: picked.attempts + 1, lastError: null })
          .where(eq(outboxEvents.id, picked.id));
      });
    } catch (err) {
      if (!picked) throw err;
      const attempts = picked.attempts + 1;
      const now = clock();
      const failed = attempts >= OUTBOX_MAX_ATTEMPTS;
      onError(err, `event ${picked.name} #${picked.id} (attempt ${attempts}${failed ? ', set aside' : ''})`);
      await db
        .update(outboxEvents)
        .set({
          attempts,
          lastError: String((err as Error)?.stack ?? err).slice(0, 2000),
          availableAt: new Date(now.getTime() + retryDelayMs(attempts)),
          failedAt: failed ? now : null,
        })
        .where(eq(outboxEvents.id, picked.id));
      return true;
    }
    for (const fn of after) {
      try {
        await fn();
      } catch (err) {
        onError(err, `after-commit work of event ${picked?.name} #${picked?.id}`);
      }
    }
    return !!picked;
  }

  /** One delivery loop at a time per process; a call while it runs makes it go round once more. */
  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let n = 0;
      try {
        do {
          again = false;
          while (await deliverOne()) n++;
        } while (again);
      } finally {
        running = null;
      }
      return n;
    })();
    return running;
  }

  const kick = () => {
    if (stopped) return;
    deliverDue().catch((err: unknown) => onError(err, 'outbox delivery'));
  };

  return {
    async emit(tx, name, payload) {
      await tx.insert(outboxEvents).values({
        name,
        payload: payload as unknown as Record<string, unknown>,
        createdAt: clock(),
        availableAt: clock(),
      });
      await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    },
    subscribe(name, handler) {
      const list = handlers.get(name) ?? [];
      list.push(handler as Handler<EventName>);
      handlers.set(name, list);
      return () => {
        const at = list.indexOf(handler as Handler<EventName>);
        if (at >= 0) list.splice(at, 1);
      };
    },
    async drain() {
      let total = 0;
      for (;;) {
        const n = await deliverDue();
        total += n;
        if (n === 0) return total;
      }
    },
    async start({ pollMs, listen }) {
      stopped = false;
      if (listen) unlisten = await listen(OUTBOX_CHANNEL, kick);
      if (pollMs > 0) {
        timer = setInterval(kick, pollMs);
        timer.unref();
      }
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (unlisten) await unlisten().catch(() => {});
      unlisten = null;
      if (running) await running.catch(() => {});
    },
    async prune() {
      const gone = await db
        .delete(outboxEvents)
        .where(lt(outboxEvents.deliveredAt, new Date(clock().getTime() - OUTBOX_KEEP_MS)))
        .returning({ id: outboxEvents.id });
      return gone.length;
    },
  };
}
