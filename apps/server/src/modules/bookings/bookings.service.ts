import type { Booking, BookingStatus, CreateBookingBody, Page } from '@psy/contracts';
import { and, count, desc, eq, isNull, lte, or, sql, gt } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { maskPhone } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { BookingEvent, EventBus } from '../../lib/events';
import { EXCLUSION_VIOLATION, pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { formatShanghai } from '../../lib/time';
import type { SessionUser } from '../auth/session.service';
import { expertProfiles, slots } from '../experts/experts.table';
import { orders } from '../orders/orders.table';
import type { OrdersService } from '../orders/orders.service';
import { users } from '../users/users.table';
import { bookings } from './bookings.table';

export interface BookingRules {
  /** An unpaid booking holds its slot this long. */
  holdMs: number;
  /** A user who cancels at least this long before the start gets a full refund. */
  cancelDeadlineMs: number;
}

type Row = typeof bookings.$inferSelect;

export function createBookingsService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  orders: OrdersService;
  rules: BookingRules;
}) {
  const { db, clock, events, orders: orderService, rules } = deps;

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

  async function load(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select({
        b: bookings,
        expertName: sql<string>`ex.name`,
        expertAvatar: sql<string | null>`ex.avatar`,
        title: expertProfiles.title,
        userName: users.name,
        userPhone: users.telephone,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(sql`${users} as ex`, sql`ex.id = ${bookings.expertId}`)
      .leftJoin(expertProfiles, eq(expertProfiles.userId, bookings.expertId))
      .where(eq(bookings.id, id));
    return row;
  }

  async function present(id: number, viewer: 'user' | 'expert'): Promise<Booking> {
    const r = (await load(db, id))!;
    const [o] = r.b.orderId ? await db.select().from(orders).where(eq(orders.id, r.b.orderId)) : [];
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
      order: o ? orderService.present(o) : null,
      createdAt: r.b.createdAt.toISOString(),
    };
  }

  async function eventOf(tx: DbOrTx, id: number): Promise<BookingEvent> {
    const r = (await load(tx, id))!;
    return {
      bookingId: id,
      userId: r.b.userId,
      expertId: r.b.expertId,
      expertName: r.expertName,
      userName: r.userName,
      startsAt: r.b.startsAt.toISOString(),
    };
  }

  /** Pending bookings whose hold ran out: cancelled, their orders too. */
  async function expireHolds(tx: Tx, where?: ReturnType<typeof or>) {
    const now = clock();
    const stale = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.status, 'pending_payment'), lte(bookings.holdExpiresAt, now), where))
      .for('update');
    for (const b of stale) {
      await tx
        .update(bookings)
        .set({ status: 'cancelled', cancelledBy: 'system', cancelReason: '超时未支付', cancelledAt: now })
        .where(eq(bookings.id, b.id));
      if (b.orderId) {
        await tx
          .update(orders)
          .set({ status: 'cancelled', cancelledAt: now })
          .where(and(eq(orders.id, b.orderId), eq(orders.status, 'unpaid')));
      }
    }
    return stale;
  }

  // Paying for a booking confirms it, in the payment's transaction.
  orderService.register('booking', {
    async onPaid(tx, order) {
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, order.itemId)).for('update');
      if (!b || b.status !== 'pending_payment') return 'refund';
      await tx.update(bookings).set(confirmation(b.startsAt)).where(eq(bookings.id, b.id));
      await events.emit(tx, 'booking.confirmed', await eventOf(tx, b.id));
      return 'ok';
    },
    async onCancelled(tx, order) {
      await tx
        .update(bookings)
        .set({ status: 'cancelled', cancelledBy: 'user', cancelReason: '取消支付', cancelledAt: clock() })
        .where(and(eq(bookings.id, order.itemId), eq(bookings.status, 'pending_payment')));
    },
    link: (id) => `/booking/detail?id=${id}`,
  });

  async function transition(
    actor: SessionUser,
    id: number,
    as: 'user' | 'expert',
    change: (
      tx: Tx,
      b: Row,
    ) => Promise<{
      event: 'booking.cancelled' | 'booking.completed' | 'booking.no_show';
      extra?: Record<string, unknown>;
    }>,
  ): Promise<Booking> {
    const result = await db.transaction(async (tx) => {
      const owner = as === 'user' ? eq(bookings.userId, actor.userId) : eq(bookings.expertId, actor.userId);
      const [b] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), owner))
        .for('update');
      if (!b) throw notFound('预约不存在');
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

  async function cancel(tx: Tx, b: Row, by: 'user' | 'expert', reason: string | null) {
    const now = clock();
    if (b.status !== 'pending_payment' && b.status !== 'confirmed')
      throw new AppError('CONFLICT', '当前状态的预约不能取消');
    if (b.startsAt <= now) throw new AppError('CONFLICT', '咨询已开始，不能取消');
    let refundFen = 0;
    const [o] = b.orderId ? await tx.select().from(orders).where(eq(orders.id, b.orderId)).for('update') : [];
    if (o?.status === 'unpaid') {
      await tx.update(orders).set({ status: 'cancelled', cancelledAt: now }).where(eq(orders.id, o.id));
    } else if (o?.status === 'paid') {
      // Users: full refund until the deadline (inclusive), none after. Experts: always in full.
      const inTime = now.getTime() <= b.startsAt.getTime() - rules.cancelDeadlineMs;
      refundFen = by === 'expert' || inTime ? o.amountFen : 0;
      await orderService.startRefund(tx, o, refundFen);
    }
    await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledBy: by,
        cancelReason: reason,
        cancelledAt: now,
        refundFen,
        holdExpiresAt: null,
      })
      .where(eq(bookings.id, b.id));
    return { event: 'booking.cancelled' as const, extra: { by, refundFen, reason } };
  }

  async function list(
    where: ReturnType<typeof and>,
    q: { pageNum: number; pageSize: number },
    viewer: 'user' | 'expert',
  ) {
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: bookings.id })
        .from(bookings)
        .where(where)
        .orderBy(desc(bookings.startsAt), desc(bookings.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
      db.select({ n: count() }).from(bookings).where(where),
    ]);
    const list = await Promise.all(rows.map((r) => present(r.id, viewer)));
    return { list, total: total?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  return {
    /**
     * Books a slot: the database, not a read-then-write check, makes sure a slot holds one
     * active booking and a user's active bookings never overlap. The slot is held 15 minutes.
     */
    async create(actor: SessionUser, body: CreateBookingBody): Promise<Booking> {
      const now = clock();
      let bookingId: number;
      try {
        bookingId = await db.transaction(async (tx) => {
          const [s] = await tx.select().from(slots).where(eq(slots.id, body.slotId));
          if (!s || s.status !== 'open') throw new AppError('NOT_FOUND', '该时段不存在或已关闭');
          if (s.startsAt <= now) throw new AppError('CONFLICT', '该时段已过期，请选择其他时间');
          if (s.expertId === actor.userId) throw new AppError('BAD_REQUEST', '不能预约自己的时段');
          const [profile] = await tx
            .select()
            .from(expertProfiles)
            .where(eq(expertProfiles.userId, s.expertId));
          if (!profile) throw new AppError('NOT_FOUND', '该专家暂不接受预约');
          await expireHolds(tx, or(eq(bookings.slotId, s.id), eq(bookings.userId, actor.userId)));
          const [b] = await tx
            .insert(bookings)
            .values({
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
            })
            .returning();
          const [expert] = await tx.select({ name: users.name }).from(users).where(eq(users.id, s.expertId));
          let order = await orderService.create(tx, {
            userId: actor.userId,
            kind: 'booking',
            itemId: b!.id,
            title: `心理咨询预约：${expert!.name} ${formatShanghai(s.startsAt)}`,
            amountFen: profile.priceFen,
          });
          await tx.update(bookings).set({ orderId: order.id }).where(eq(bookings.id, b!.id));
          if (order.amountFen === 0) {
            order = await orderService.markPaidFree(tx, order);
            await tx.update(bookings).set(confirmation(s.startsAt)).where(eq(bookings.id, b!.id));
            await events.emit(tx, 'booking.confirmed', await eventOf(tx, b!.id));
          }
          return b!.id;
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

    async listForUser(
      actor: SessionUser,
      q: { pageNum: number; pageSize: number; status?: BookingStatus | undefined },
    ): Promise<Page<Booking>> {
      return list(
        and(eq(bookings.userId, actor.userId), q.status ? eq(bookings.status, q.status) : undefined),
        q,
        'user',
      );
    },

    async listForExpert(
      actor: SessionUser,
      q: { pageNum: number; pageSize: number; status?: BookingStatus | undefined },
    ): Promise<Page<Booking>> {
      return list(
        and(eq(bookings.expertId, actor.userId), q.status ? eq(bookings.status, q.status) : undefined),
        q,
        'expert',
      );
    },

    /** The booker sees it as a user, the expert as the expert; anyone else gets 404. */
    async detail(actor: SessionUser, id: number): Promise<Booking> {
      const [b] = await db.select().from(bookings).where(eq(bookings.id, id));
      if (!b || (b.userId !== actor.userId && b.expertId !== actor.userId)) throw notFound('预约不存在');
      return present(id, b.expertId === actor.userId ? 'expert' : 'user');
    },

    cancelByUser: (actor: SessionUser, id: number, reason?: string) =>
      transition(actor, id, 'user', (tx, b) => cancel(tx, b, 'user', reason || null)),

    cancelByExpert: (actor: SessionUser, id: number, reason: string) =>
      transition(actor, id, 'expert', (tx, b) => cancel(tx, b, 'expert', reason)),

    /** After the start time the expert records how it went. */
    finish: (actor: SessionUser, id: number, outcome: 'completed' | 'no_show') =>
      transition(actor, id, 'expert', async (tx, b) => {
        if (b.status !== 'confirmed') throw new AppError('CONFLICT', '只有已确认的预约可以标记');
        if (b.startsAt > clock()) throw new AppError('CONFLICT', '咨询开始后才能标记完成或未到场');
        await tx.update(bookings).set({ status: outcome }).where(eq(bookings.id, b.id));
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
        const soon = await tx
          .update(bookings)
          .set({
            reminder1SentAt: now,
            reminder24SentAt: sql`coalesce(${bookings.reminder24SentAt}, ${now.toISOString()}::timestamptz)`,
          })
          .where(
            and(
              eq(bookings.status, 'confirmed'),
              isNull(bookings.reminder1SentAt),
              gt(bookings.startsAt, now),
              lte(bookings.startsAt, new Date(now.getTime() + hour)),
            ),
          )
          .returning({ id: bookings.id });
        const tomorrow = await tx
          .update(bookings)
          .set({ reminder24SentAt: now })
          .where(
            and(
              eq(bookings.status, 'confirmed'),
              isNull(bookings.reminder24SentAt),
              gt(bookings.startsAt, new Date(now.getTime() + hour)),
              lte(bookings.startsAt, new Date(now.getTime() + 24 * hour)),
            ),
          )
          .returning({ id: bookings.id });
        for (const [due, hoursBefore] of [
          [soon, 1],
          [tomorrow, 24],
        ] as const) {
          for (const d of due) {
            await events.emit(tx, 'booking.reminder', { ...(await eventOf(tx, d.id)), hoursBefore });
            reminders++;
          }
        }
      });
      return { expired: expired.length, reminders };
    },
  };
}
export type BookingsService = ReturnType<typeof createBookingsService>;
