import type { AvailabilityTemplate, ExpertSlot, Slot, SlotBody, TemplateBody } from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { EXCLUSION_VIOLATION, pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { addDays, isoWeekday, shanghaiDate, shanghaiInstant } from '../../lib/time';
import type { Actor } from '../auth';
import { bookingsOnSlots } from '../bookings';
import { canManageAvailability } from './availability.policy';
import { availabilityRepository as repo, type NewSlot, type SlotRow } from './availability.repository';

/** Weekly templates are turned into concrete slots this far ahead. */
export const MATERIALIZE_DAYS = 28;
const DAY = 86_400_000;

const toSlot = (s: SlotRow): Slot => ({
  id: s.id,
  startsAt: s.startsAt.toISOString(),
  endsAt: s.endsAt.toISOString(),
  mode: s.mode,
});

/** Publishes the expert's weekly templates as slots for the next four weeks; answers how many were new. */
export async function materialize(tx: DbOrTx, expertId: number, now: Date): Promise<number> {
  const templates = await repo.activeTemplatesOf(tx, expertId);
  if (!templates.length) return 0;
  const today = shanghaiDate(now);
  const values: NewSlot[] = [];
  for (let d = 0; d <= MATERIALIZE_DAYS; d++) {
    const date = addDays(today, d);
    const weekday = isoWeekday(date);
    for (const t of templates) {
      if (t.weekday !== weekday) continue;
      const startsAt = shanghaiInstant(date, t.startTime);
      if (startsAt <= now) continue;
      values.push({
        expertId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + t.durationMinutes * 60_000),
        mode: t.mode,
        source: 'template',
        templateId: t.id,
      });
    }
  }
  if (!values.length) return 0;
  // Overlaps with slots the expert set by hand are skipped, not errors.
  return repo.insertSlotsSkippingOverlaps(tx, values);
}

export interface AvailabilityServiceDeps {
  db: Db;
  clock: Clock;
  /** Publishing needs a profile (price, specialties) first: the experts module says so. */
  profiles: { requireProfile(expertId: number): Promise<void> };
}

export function createAvailabilityService({ db, clock, profiles }: AvailabilityServiceDeps) {
  /** The template or slot if the caller may manage it; otherwise 404 like one that does not exist. */
  function own<T extends { expertId: number }>(actor: Actor, row: T | undefined, message: string): T {
    if (!row || !canManageAvailability(actor, row)) throw notFound(message);
    return row;
  }

  async function freeSlots(expertId: number, from: Date, to: Date): Promise<Slot[]> {
    const now = clock();
    const rows = await repo.freeSlots(db, expertId, from > now ? from : now, to, now);
    return rows.map(toSlot);
  }

  return {
    materialize,
    freeSlots,

    /** A slot being booked: open, in the future, and whose. Inside the booking's transaction. */
    slotForBooking: (tx: DbOrTx, slotId: number): Promise<SlotRow | undefined> => repo.slotById(tx, slotId),

    async templates(actor: Actor): Promise<AvailabilityTemplate[]> {
      const rows = await repo.templatesOf(db, actor.userId);
      return rows.map((t) => ({
        id: t.id,
        weekday: t.weekday,
        startTime: t.startTime,
        durationMinutes: t.durationMinutes,
        mode: t.mode,
        active: t.active,
      }));
    },

    /** Adds a weekly opening and publishes its slots for the next four weeks. */
    async addTemplate(actor: Actor, body: TemplateBody): Promise<{ created: number }> {
      await profiles.requireProfile(actor.userId);
      try {
        return await db.transaction(async (tx) => {
          await repo.insertTemplate(tx, { expertId: actor.userId, ...body });
          return { created: await materialize(tx, actor.userId, clock()) };
        });
      } catch (err) {
        if (pgError(err).code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', '该时间已设置过每周时段');
        throw err;
      }
    },

    /** Stops a weekly opening; its future open slots without a booking are closed. */
    async removeTemplate(actor: Actor, id: number): Promise<{ closed: number }> {
      const now = clock();
      return db.transaction(async (tx) => {
        own(actor, await repo.templateById(tx, id), '时段模板不存在');
        if (!(await repo.deleteTemplate(tx, id))) throw notFound('时段模板不存在');
        return { closed: await repo.closeFreeFutureOfTemplate(tx, id, now) };
      });
    },

    async mySlots(actor: Actor, from: Date, to: Date): Promise<ExpertSlot[]> {
      if (to.getTime() - from.getTime() > 62 * DAY) throw new AppError('BAD_REQUEST', '查询范围最多62天');
      const rows = await repo.slotsBetween(db, actor.userId, from, to);
      const booked = await bookingsOnSlots(
        db,
        rows.map((r) => r.id),
        clock(),
      );
      const bySlot = new Map(booked.map((b) => [b.slotId, b]));
      return rows.map((s) => {
        const b = bySlot.get(s.id);
        return {
          ...toSlot(s),
          status: s.status,
          source: s.source,
          booking: b ? { id: b.id, status: b.status, userName: b.userName } : null,
        };
      });
    },

    async addSlot(actor: Actor, body: SlotBody): Promise<Slot> {
      await profiles.requireProfile(actor.userId);
      const startsAt = new Date(body.startsAt);
      if (startsAt <= clock()) throw new AppError('BAD_REQUEST', '只能发布未来的时间');
      try {
        const row = await repo.insertSlot(db, {
          expertId: actor.userId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + body.durationMinutes * 60_000),
          mode: body.mode,
          source: 'manual',
        });
        return toSlot(row);
      } catch (err) {
        const code = pgError(err).code;
        if (code === EXCLUSION_VIOLATION || code === UNIQUE_VIOLATION) {
          throw new AppError('CONFLICT', '与已发布的时段重叠，请调整时间');
        }
        throw err;
      }
    },

    async setSlotStatus(actor: Actor, slotId: number, status: 'open' | 'closed'): Promise<void> {
      const now = clock();
      try {
        await db.transaction(async (tx) => {
          const s = own(actor, await repo.lockSlot(tx, slotId), '时段不存在');
          if (s.startsAt <= now) throw new AppError('BAD_REQUEST', '已开始的时段不能修改');
          if (status === 'closed' && (await repo.isBooked(tx, slotId, now)))
            throw new AppError('CONFLICT', '该时段已有预约，请先在预约管理中取消预约');
          await repo.setStatus(tx, slotId, status);
        });
      } catch (err) {
        if (pgError(err).code === EXCLUSION_VIOLATION)
          throw new AppError('CONFLICT', '与已发布的时段重叠，不能重新开放');
        throw err;
      }
    },

    /** Keeps every expert's template slots published four weeks ahead. */
    async materializeAll(): Promise<number> {
      let n = 0;
      for (const expertId of await repo.expertsWithTemplates(db))
        n += await materialize(db, expertId, clock());
      return n;
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
