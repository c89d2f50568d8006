import type { Booking, BookingStatus, CreateBookingBody, Order, Page } from '@psy/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { maskPhone } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { BookingEvent, EventBus } from '../../lib/events';
import type { PersonalCache } from '../../lib/personal-cache';
import { EXCLUSION_VIOLATION, pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { formatDateTime, formatShanghai } from '../../lib/time';
import type { Actor } from '../auth';
import type { AvailabilityService } from '../availability';
import type { ExpertsService } from '../experts';
import type { OrdersService } from '../orders';
import { bookingViewer, canActOnBooking, canBookSlot } from './bookings.policy';
import { bookingsRepository as repo, type BookingRow, type BookingWithPeople } from './bookings.repository';

export interface BookingRules {
  /** An unpaid booking holds its slot this long. */
  holdMs: number;
  /** A user who cancels at least this long before the start gets a full refund. */
  cancelDeadlineMs: number;
}

type Page0 = { pageNum: number; pageSize: number; status?: BookingStatus | undefined };

export function createBookingsService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  orders: OrdersService;
  availability: Pick<AvailabilityService, 'slotForBooking'>;
  experts: Pick<ExpertsService, 'profileOf'>;
  rules: BookingRules;
  /** Each person's pages of their bookings, kept between the writes that change them. */
  personal: Pick<PersonalCache, 'get'>;
}) {
  const { db, clock, events, orders: orderService, availability, experts, rules, personal } = deps;

  /** Confirming; reminders whose moment has already passed are skipped, the confirmation says it all. */
  function confirmation(startsAt: Date) {
    const lead = startsAt.getTime() - clock().getTime();
    return {
      status: 'confirmed' as const,
      holdExpiresAt: null,
      ...(lead <= 24 * 3_600_000 ? { reminder24SentAt: clock() } : {}),
      ...(lead <= 3_600_000 ? { reminder1SentAt: clock() } : {}),
    };
  }

  async function present(id: number, viewer: 'user' | 'expert'): Promise<Booking> {
    const r = (await repo.withPeople(db, id))!;
    const order = r.b.orderId ? await orderService.presentById(db, r.b.orderId) : null;
    return toBooking(r, order, viewer);
  }

  function toBooking(r: BookingWithPeople, order: Order | null, viewer: 'user' | 'expert'): Booking {
    return {
      id: r.b.id,
      status: r.b.status,
      startsAt: r.b.startsAt.toISOString(),
      endsAt: r.b.endsAt.toISOString(),
      mode: r.b.mode,
      priceFen: r.b.priceFen,
      topic: r.b.topic,
      contactPreference: r.b.contactPreference,
      note: r.b.note,
      expert: {
        id: r.b.expertId,
        name: r.expertName,
        avatar: r.expertAvatar,
        title: r.title ?? '心理咨询师',
      },
      // The expert needs the phone to call; the user sees their own number masked.
      user: {
        id: r.b.userId,
        name: r.userName,
        telephone: viewer === 'expert' ? r.userPhone : maskPhone(r.userPhone),
      },
      holdExpiresAt: r.b.holdExpiresAt?.toISOString() ?? null,
      cancelledBy: r.b.cancelledBy,
      cancelReason: r.b.cancelReason,
      cancelledAt: r.b.cancelledAt?.toISOString() ?? null,
      refundFen: r.b.refundFen,
      freeCancelUntil: new Date(r.b.startsAt.getTime() - rules.cancelDeadlineMs).toISOString(),
      orderId: r.b.orderId,
      order,
      createdAt: r.b.createdAt.toISOString(),
    };
  }

  async function eventOf(tx: DbOrTx, id: number): Promise<BookingEvent> {
    const r = (await repo.withPeople(tx, id))!;
    return {
      bookingId: id,
      userId: r.b.userId,
      expertId: r.b.expertId,
      expertName: r.expertName,
      userName: r.userName,
      startsAt: r.b.startsAt.toISOString(),
    };
  }

  /** Pending bookings whose hold ran out: cancelled, their orders too (through the orders service). */
  async function expireHolds(tx: Tx, scope?: { slotId: number; userId: number }) {
    const now = clock();
    const stale = await repo.staleHolds(tx, now, scope);
    for (const b of stale) {
      await repo.update(tx, b.id, {
        status: 'cancelled',
        cancelledBy: 'system',
        cancelReason: '超时未支付',
        cancelledAt: now,
      });
      if (b.orderId) await orderService.cancelUnpaidFor(tx, b.orderId);
    }
    return stale;
  }

  // Paying for a booking confirms it, in the payment's transaction.
  orderService.register('booking', {
    async onPaid(tx, order) {
      const b = await repo.lock(tx, order.itemId);
      if (!b || b.status !== 'pending_payment') return 'refund';
      await repo.update(tx, b.id, confirmation(b.startsAt));
      await events.emit(tx, 'booking.confirmed', await eventOf(tx, b.id));
      return 'ok';
    },
    async onCancelled(tx, order) {
      await repo.update(
        tx,
        order.itemId,
        { status: 'cancelled', cancelledBy: 'user', cancelReason: '取消支付', cancelledAt: clock() },
        'pending_payment',
      );
    },
    link: (id) => `/booking/detail?id=${id}`,
  });

  async function transition(
    actor: Actor,
    id: number,
    as: 'user' | 'expert',
    change: (
      tx: Tx,
      b: BookingRow,
    ) => Promise<{
      event: 'booking.cancelled' | 'booking.completed' | 'booking.no_show';
      extra?: Record<string, unknown>;
    }>,
  ): Promise<Booking> {
    const result = await db.transaction(async (tx) => {
      const b = await repo.lock(tx, id);
      if (!b || !canActOnBooking(actor, b, as)) throw notFound('预约不存在');
      const out = await change(tx, b);
      const e = await eventOf(tx, id);
      if (out.event === 'booking.cancelled')
        await events.emit(tx, 'booking.cancelled', {
          ...e,
          ...(out.extra as { by: 'user' | 'expert'; refundFen: number; reason: string | null }),
        });
      else await events.emit(tx, out.event, e);
      return out;
    });
    if (result.event === 'booking.cancelled') await orderService.settleRefunds();
    return present(id, as);
  }

  async function cancel(tx: Tx, b: BookingRow, by: 'user' | 'expert', reason: string | null) {
    const now = clock();
    if (b.status !== 'pending_payment' && b.status !== 'confirmed')
      throw new AppError('CONFLICT', '当前状态的预约不能取消');
    if (b.startsAt <= now) throw new AppError('CONFLICT', '咨询已开始，不能取消');
    // The booking first: the order's fulfiller then finds nothing pending left to undo.
    await repo.update(tx, b.id, {
      status: 'cancelled',
      cancelledBy: by,
      cancelReason: reason,
      cancelledAt: now,
      holdExpiresAt: null,
    });
    let refundFen = 0;
    const o = b.orderId ? await orderService.settleForCancelledItem(tx, b.orderId) : undefined;
    if (o?.status === 'paid') {
      // Users: full refund until the deadline (inclusive), none after. Experts: always in full.
      const inTime = now.getTime() <= b.startsAt.getTime() - rules.cancelDeadlineMs;
      refundFen = by === 'expert' || inTime ? o.amountFen : 0;
      await orderService.startRefund(tx, o, refundFen);
      await repo.update(tx, b.id, { refundFen });
    }
    return { event: 'booking.cancelled' as const, extra: { by, refundFen, reason } };
  }

  function list(whose: { userId: number } | { expertId: number }, q: Page0, viewer: 'user' | 'expert') {
    const userId = 'userId' in whose ? whose.userId : whose.expertId;
    const key = `bookings:${viewer}:${q.pageNum}:${q.pageSize}:${q.status ?? ''}`;
    return personal.get(userId, key, () => load(whose, q, viewer));
  }

  async function load(
    whose: { userId: number } | { expertId: number },
    q: Page0,
    viewer: 'user' | 'expert',
  ): Promise<Page<Booking>> {
    const { rows, total } = await repo.pageWithPeople(db, whose, q);
    const orders = await orderService.presentByIds(
      db,
      rows.flatMap((r) => (r.b.orderId ? [r.b.orderId] : [])),
    );
    const list = rows.map((r) => toBooking(r, (r.b.orderId && orders.get(r.b.orderId)) || null, viewer));
    return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  return {
    /**
     * Books a slot: the database, not a read-then-write check, makes sure a slot holds one
     * active booking and a user's active bookings never overlap. The slot is held 15 minutes.
     */
    async create(actor: Actor, body: CreateBookingBody): Promise<Booking> {
      const now = clock();
      let bookingId: number;
      try {
        bookingId = await db.transaction(async (tx) => {
          const s = await availability.slotForBooking(tx, body.slotId);
          if (!s || s.status !== 'open') throw new AppError('NOT_FOUND', '该时段不存在或已关闭');
          if (s.startsAt <= now) throw new AppError('CONFLICT', '该时段已过期，请选择其他时间');
          if (!canBookSlot(actor, s)) throw new AppError('BAD_REQUEST', '不能预约自己的时段');
          const profile = await experts.profileOf(s.expertId, tx);
          if (!profile) throw new AppError('NOT_FOUND', '该专家暂不接受预约');
          await expireHolds(tx, { slotId: s.id, userId: actor.userId });
          const b = await repo.insert(tx, {
            userId: actor.userId,
            expertId: s.expertId,
            slotId: s.id,
            startsAt: s.startsAt,
            endsAt: s.endsAt,
            mode: s.mode,
            priceFen: profile.priceFen,
            topic: body.topic,
            contactPreference: body.contactPreference,
            note: body.note || null,
            holdExpiresAt: new Date(now.getTime() + rules.holdMs),
            createdAt: now,
          });
          const expertName = await repo.expertName(tx, s.expertId);
          let order = await orderService.create(tx, {
            userId: actor.userId,
            kind: 'booking',
            itemId: b.id,
            title: `心理咨询预约：${expertName!} ${formatShanghai(s.startsAt)}`,
            amountFen: profile.priceFen,
          });
          await repo.update(tx, b.id, { orderId: order.id });
          if (order.amountFen === 0) {
            order = await orderService.markPaidFree(tx, order);
            await repo.update(tx, b.id, confirmation(s.startsAt));
            await events.emit(tx, 'booking.confirmed', await eventOf(tx, b.id));
          }
          return b.id;
        });
      } catch (err) {
        const { code, constraint } = pgError(err);
        if (code === UNIQUE_VIOLATION && constraint === 'bookings_one_active_per_slot') {
          throw new AppError('CONFLICT', '该时段已被预约，请选择其他时间');
        }
        if (code === EXCLUSION_VIOLATION && constraint === 'bookings_user_no_overlap') {
          throw new AppError('CONFLICT', '您在该时间段已有其他预约');
        }
        if (
          code === UNIQUE_VIOLATION ||
          code === EXCLUSION_VIOLATION ||
          code === '40001' ||
          code === '40P01'
        ) {
          throw new AppError('CONFLICT', '该时段已被预约，请选择其他时间');
        }
        throw err;
      }
      return present(bookingId, 'user');
    },

    listForUser: (actor: Actor, q: Page0): Promise<Page<Booking>> =>
      list({ userId: actor.userId }, q, 'user'),

    listForExpert: (actor: Actor, q: Page0): Promise<Page<Booking>> =>
      list({ expertId: actor.userId }, q, 'expert'),

    /** The booker sees it as a user, the expert as the expert; anyone else gets 404. */
    async detail(actor: Actor, id: number): Promise<Booking> {
      const b = await repo.byId(db, id);
      const viewer = b && bookingViewer(actor, b);
      if (!viewer) throw notFound('预约不存在');
      return present(id, viewer);
    },

    cancelByUser: (actor: Actor, id: number, reason?: string) =>
      transition(actor, id, 'user', (tx, b) => cancel(tx, b, 'user', reason || null)),

    cancelByExpert: (actor: Actor, id: number, reason: string) =>
      transition(actor, id, 'expert', (tx, b) => cancel(tx, b, 'expert', reason)),

    /**
     * For feedback (the feedback module): whose the booking is, its expert (who handles the
     * feedback), whether it was completed, and what it is called; undefined when there is none.
     */
    async feedbackSubject(tx: DbOrTx, id: number) {
      const r = await repo.withPeople(tx, id);
      if (!r) return undefined;
      return {
        ownerId: r.b.userId,
        expertId: r.b.expertId,
        ready: r.b.status === 'completed',
        title: `${r.expertName} 老师的咨询（${formatDateTime(r.b.startsAt)}）`,
      };
    },

    /** After the start time the expert records how it went. */
    finish: (actor: Actor, id: number, outcome: 'completed' | 'no_show') =>
      transition(actor, id, 'expert', async (tx, b) => {
        if (b.status !== 'confirmed') throw new AppError('CONFLICT', '只有已确认的预约可以标记');
        if (b.startsAt > clock()) throw new AppError('CONFLICT', '咨询开始后才能标记完成或未到场');
        await repo.update(tx, b.id, { status: outcome });
        return { event: outcome === 'completed' ? 'booking.completed' : 'booking.no_show' };
      }),

    /** Frees slots of unpaid holds and sends the 24 h and 1 h reminders. */
    async sweep(): Promise<{ expired: number; reminders: number }> {
      const expired = await db.transaction((tx) => expireHolds(tx));
      const now = clock();
      const hour = 3_600_000;
      let reminders = 0;
      // Marking a reminder sent and announcing it commit together: none lost, none sent twice.
      await db.transaction(async (tx) => {
        // The 1 h reminder first; a booking inside the last hour never also gets the 24 h one.
        const soon = await repo.markHourReminders(tx, now, hour);
        const tomorrow = await repo.markDayReminders(tx, now, hour);
        for (const [due, hoursBefore] of [
          [soon, 1],
          [tomorrow, 24],
        ] as const) {
          for (const id of due) {
            await events.emit(tx, 'booking.reminder', { ...(await eventOf(tx, id)), hoursBefore });
            reminders++;
          }
        }
      });
      return { expired: expired.length, reminders };
    },
  };
}
export type BookingsService = ReturnType<typeof createBookingsService>;
