import { and, asc, count, eq, gt, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activeBookingOn } from '../bookings';
import { availabilityTemplates, slots } from './availability.table';

export type SlotRow = typeof slots.$inferSelect;
export type NewSlot = typeof slots.$inferInsert;
export type TemplateRow = typeof availabilityTemplates.$inferSelect;

const free = (now: Date) => sql`not ${activeBookingOn(slots.id, now)}`;

export const availabilityRepository = {
  // ---- weekly templates ----
  templatesOf(db: DbOrTx, expertId: number): Promise<TemplateRow[]> {
    return db
      .select()
      .from(availabilityTemplates)
      .where(eq(availabilityTemplates.expertId, expertId))
      .orderBy(asc(availabilityTemplates.weekday), asc(availabilityTemplates.startTime));
  },

  activeTemplatesOf(db: DbOrTx, expertId: number): Promise<TemplateRow[]> {
    return db
      .select()
      .from(availabilityTemplates)
      .where(and(eq(availabilityTemplates.expertId, expertId), eq(availabilityTemplates.active, true)));
  },

  async templateById(db: DbOrTx, id: number): Promise<TemplateRow | undefined> {
    const [row] = await db.select().from(availabilityTemplates).where(eq(availabilityTemplates.id, id));
    return row;
  },

  async insertTemplate(db: DbOrTx, values: typeof availabilityTemplates.$inferInsert): Promise<void> {
    await db.insert(availabilityTemplates).values(values);
  },

  /** Answers whether a row was deleted. */
  async deleteTemplate(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db
      .delete(availabilityTemplates)
      .where(eq(availabilityTemplates.id, id))
      .returning({ id: availabilityTemplates.id });
    return rows.length > 0;
  },

  /** Experts with at least one weekly template. */
  async expertsWithTemplates(db: DbOrTx): Promise<number[]> {
    const rows = await db.selectDistinct({ id: availabilityTemplates.expertId }).from(availabilityTemplates);
    return rows.map((r) => r.id);
  },

  // ---- slots ----
  async slotById(db: DbOrTx, id: number): Promise<SlotRow | undefined> {
    const [row] = await db.select().from(slots).where(eq(slots.id, id));
    return row;
  },

  /** The slot locked until the transaction ends. */
  async lockSlot(db: DbOrTx, id: number): Promise<SlotRow | undefined> {
    const [row] = await db.select().from(slots).where(eq(slots.id, id)).for('update');
    return row;
  },

  /** Open slots of the expert starting after `after` and before `to`, without an active booking. */
  freeSlots(db: DbOrTx, expertId: number, after: Date, to: Date, now: Date): Promise<SlotRow[]> {
    return db
      .select()
      .from(slots)
      .where(
        and(
          eq(slots.expertId, expertId),
          eq(slots.status, 'open'),
          gt(slots.startsAt, after),
          lt(slots.startsAt, to),
          free(now),
        ),
      )
      .orderBy(asc(slots.startsAt));
  },

  /** Every slot of the expert starting in [from, to). */
  slotsBetween(db: DbOrTx, expertId: number, from: Date, to: Date): Promise<SlotRow[]> {
    return db
      .select()
      .from(slots)
      .where(and(eq(slots.expertId, expertId), gte(slots.startsAt, from), lt(slots.startsAt, to)))
      .orderBy(asc(slots.startsAt));
  },

  async insertSlot(db: DbOrTx, values: NewSlot): Promise<SlotRow> {
    const [row] = await db.insert(slots).values(values).returning();
    return row!;
  },

  /** Inserts the slots; those overlapping existing ones are skipped. Answers how many were made. */
  async insertSlotsSkippingOverlaps(db: DbOrTx, values: NewSlot[]): Promise<number> {
    const made = await db.insert(slots).values(values).onConflictDoNothing().returning({ id: slots.id });
    return made.length;
  },

  async isBooked(db: DbOrTx, slotId: number, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(slots)
      .where(and(eq(slots.id, slotId), activeBookingOn(slots.id, now)));
    return (row?.n ?? 0) > 0;
  },

  async setStatus(db: DbOrTx, slotId: number, status: 'open' | 'closed'): Promise<void> {
    await db.update(slots).set({ status }).where(eq(slots.id, slotId));
  },

  /** Closes the template's future open slots that nobody has booked; answers how many. */
  async closeFreeFutureOfTemplate(db: DbOrTx, templateId: number, now: Date): Promise<number> {
    const closed = await db
      .update(slots)
      .set({ status: 'closed' })
      .where(
        and(eq(slots.templateId, templateId), eq(slots.status, 'open'), gt(slots.startsAt, now), free(now)),
      )
      .returning({ id: slots.id });
    return closed.length;
  },
};

/** For other domains' queries: the expert's next free slot start after `now`, or null. */
export function nextFreeSlotAt(expertId: AnyColumn | SQL, now: Date): SQL<string | null> {
  return sql<string | null>`(select min(s.starts_at) from ${slots} s
    where s.expert_id = ${expertId} and s.status = 'open' and s.starts_at > ${now.toISOString()}::timestamptz
    and not ${activeBookingOn(sql`s.id`, now)})`;
}
