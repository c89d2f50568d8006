import type {
  AvailabilityTemplate,
  DepartmentDetail,
  ExpertCard,
  ExpertDetail,
  ExpertListQuery,
  ExpertProfileBody,
  ExpertSlot,
  Page,
  Slot,
  SlotBody,
  TemplateBody,
} from '@psy/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { EXCLUSION_VIOLATION, pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { addDays, isoWeekday, shanghaiDate, shanghaiInstant } from '../../lib/time';
import { bookings } from '../bookings/bookings.table';
import { institutions } from '../institutions/institutions.table';
import { likeEscape } from '../users/users.service';
import { users } from '../users/users.table';
import { availabilityTemplates, expertProfiles, slots } from './experts.table';

/** Weekly templates are turned into concrete slots this far ahead. */
export const MATERIALIZE_DAYS = 28;
const DAY = 86_400_000;

type SlotRow = typeof slots.$inferSelect;
const toSlot = (s: SlotRow): Slot => ({
  id: s.id,
  startsAt: s.startsAt.toISOString(),
  endsAt: s.endsAt.toISOString(),
  mode: s.mode,
});

/** A slot is taken while a confirmed booking, or a pending one whose hold has not run out, sits on it. */
export const activeBookingOn = (slotId: SQL | typeof slots.id, now: Date) => sql`exists (
  select 1 from ${bookings} b where b.slot_id = ${slotId}
  and (b.status = 'confirmed' or (b.status = 'pending_payment' and b.hold_expires_at > ${now.toISOString()}::timestamptz)))`;

export function createExpertsService({ db, clock }: { db: Db; clock: Clock }) {
  const cardColumns = (now: Date) => ({
    id: users.id,
    name: users.name,
    avatar: users.avatar,
    profile: expertProfiles,
    institutionId: institutions.id,
    institutionName: institutions.name,
    nextSlotAt: sql<string | null>`(select min(s.starts_at) from ${slots} s
      where s.expert_id = ${users.id} and s.status = 'open' and s.starts_at > ${now.toISOString()}::timestamptz
      and not ${activeBookingOn(sql`s.id`, now)})`,
  });
  type CardRow = {
    id: number;
    name: string;
    avatar: string | null;
    profile: typeof expertProfiles.$inferSelect;
    institutionId: number | null;
    institutionName: string | null;
    nextSlotAt: string | null;
  };
  const toCard = (r: CardRow): ExpertCard => ({
    id: r.id,
    name: r.name,
    avatar: r.avatar,
    title: r.profile.title,
    specialties: r.profile.specialties,
    priceFen: r.profile.priceFen,
    sessionMinutes: r.profile.sessionMinutes,
    modes: r.profile.modes,
    institution:
      r.institutionId && r.institutionName ? { id: r.institutionId, name: r.institutionName } : null,
    rating: Number(r.profile.rating),
    ratingCount: r.profile.ratingCount,
    yearsOfPractice: r.profile.yearsOfPractice,
    nextSlotAt: r.nextSlotAt ? new Date(r.nextSlotAt).toISOString() : null,
  });

  const cards = (now: Date) =>
    db
      .select(cardColumns(now))
      .from(expertProfiles)
      .innerJoin(users, eq(users.id, expertProfiles.userId))
      .leftJoin(institutions, eq(institutions.id, users.institutionId));

  async function freeSlots(expertId: number, from: Date, to: Date): Promise<Slot[]> {
    const now = clock();
    const rows = await db
      .select()
      .from(slots)
      .where(
        and(
          eq(slots.expertId, expertId),
          eq(slots.status, 'open'),
          gt(slots.startsAt, from > now ? from : now),
          lt(slots.startsAt, to),
          sql`not ${activeBookingOn(slots.id, now)}`,
        ),
      )
      .orderBy(asc(slots.startsAt));
    return rows.map(toSlot);
  }

  async function materialize(tx: DbOrTx, expertId: number, now: Date): Promise<number> {
    const templates = await tx
      .select()
      .from(availabilityTemplates)
      .where(and(eq(availabilityTemplates.expertId, expertId), eq(availabilityTemplates.active, true)));
    if (!templates.length) return 0;
    const today = shanghaiDate(now);
    const values: (typeof slots.$inferInsert)[] = [];
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
    const made = await tx.insert(slots).values(values).onConflictDoNothing().returning({ id: slots.id });
    return made.length;
  }

  async function requireProfile(expertId: number) {
    const [p] = await db.select().from(expertProfiles).where(eq(expertProfiles.userId, expertId));
    if (!p) throw new AppError('BAD_REQUEST', '请先完善专家资料（价格、擅长领域等）再发布时间');
    return p;
  }

  return {
    materialize,
    freeSlots,

    async list(q: ExpertListQuery): Promise<Page<ExpertCard>> {
      const now = clock();
      const filters: SQL[] = [eq(users.role, 'expert'), eq(users.status, 'active')];
      if (q.keyword) {
        const k = `%${likeEscape(q.keyword)}%`;
        filters.push(
          sql`(${users.name} ilike ${k} or ${expertProfiles.title} ilike ${k} or ${expertProfiles.specialties}::text ilike ${k})`,
        );
      }
      if (q.specialty)
        filters.push(sql`${expertProfiles.specialties} @> ${JSON.stringify([q.specialty])}::jsonb`);
      if (q.mode) filters.push(sql`${expertProfiles.modes} @> ${JSON.stringify([q.mode])}::jsonb`);
      if (q.institutionId) filters.push(eq(users.institutionId, q.institutionId));
      if (q.minPrice !== undefined) filters.push(gte(expertProfiles.priceFen, q.minPrice));
      if (q.maxPrice !== undefined) filters.push(lte(expertProfiles.priceFen, q.maxPrice));
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        cards(now)
          .where(where)
          .orderBy(desc(expertProfiles.rating), asc(users.id))
          .limit(q.pageSize)
          .offset((q.pageNum - 1) * q.pageSize),
        db
          .select({ n: count() })
          .from(expertProfiles)
          .innerJoin(users, eq(users.id, expertProfiles.userId))
          .where(where),
      ]);
      return { list: rows.map(toCard), total: total?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    async specialties(): Promise<string[]> {
      const rows = await db.execute<{ tag: string; n: number }>(
        sql`select tag, count(*)::int as n from ${expertProfiles}, jsonb_array_elements_text(${expertProfiles.specialties}) as tag
            group by tag order by n desc, tag asc limit 30`,
      );
      const list = Array.isArray(rows) ? rows : (rows as { rows: { tag: string }[] }).rows;
      return (list as { tag: string }[]).map((r) => r.tag);
    },

    async detail(id: number): Promise<ExpertDetail> {
      const now = clock();
      const [row] = await cards(now).where(
        and(eq(users.id, id), eq(users.role, 'expert'), eq(users.status, 'active')),
      );
      if (!row) throw notFound('专家不存在');
      return {
        ...toCard(row),
        qualifications: row.profile.qualifications,
        introduction: row.profile.introduction,
        address: row.profile.address,
        slots: await freeSlots(id, now, new Date(now.getTime() + 14 * DAY)),
      };
    },

    async department(id: number): Promise<DepartmentDetail> {
      const [inst] = await db.select().from(institutions).where(eq(institutions.id, id));
      if (!inst) throw notFound('机构不存在');
      const now = clock();
      const experts = await cards(now)
        .where(and(eq(users.institutionId, id), eq(users.role, 'expert'), eq(users.status, 'active')))
        .orderBy(asc(users.id));
      return {
        id: inst.id,
        name: inst.name,
        city: inst.city,
        address: inst.address,
        phone: inst.phone,
        logo: inst.logo,
        intro: inst.intro,
        experts: experts.map(toCard),
      };
    },

    async myProfile(expertId: number): Promise<ExpertProfileBody | null> {
      const [p] = await db.select().from(expertProfiles).where(eq(expertProfiles.userId, expertId));
      if (!p) return null;
      const {
        title,
        qualifications,
        specialties,
        introduction,
        modes,
        priceFen,
        sessionMinutes,
        yearsOfPractice,
        address,
      } = p;
      return {
        title,
        qualifications,
        specialties,
        introduction,
        modes,
        priceFen,
        sessionMinutes,
        yearsOfPractice,
        address,
      };
    },

    async saveProfile(expertId: number, body: ExpertProfileBody): Promise<void> {
      const values = {
        ...body,
        specialties: [...new Set(body.specialties)],
        modes: [...new Set(body.modes)],
      };
      await db
        .insert(expertProfiles)
        .values({ userId: expertId, ...values })
        .onConflictDoUpdate({ target: expertProfiles.userId, set: values });
    },

    async templates(expertId: number): Promise<AvailabilityTemplate[]> {
      const rows = await db
        .select()
        .from(availabilityTemplates)
        .where(eq(availabilityTemplates.expertId, expertId))
        .orderBy(asc(availabilityTemplates.weekday), asc(availabilityTemplates.startTime));
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
    async addTemplate(expertId: number, body: TemplateBody): Promise<{ created: number }> {
      await requireProfile(expertId);
      try {
        return await db.transaction(async (tx) => {
          await tx.insert(availabilityTemplates).values({ expertId, ...body });
          return { created: await materialize(tx, expertId, clock()) };
        });
      } catch (err) {
        if (pgError(err).code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', '该时间已设置过每周时段');
        throw err;
      }
    },

    /** Stops a weekly opening; its future open slots without a booking are closed. */
    async removeTemplate(expertId: number, id: number): Promise<{ closed: number }> {
      const now = clock();
      return db.transaction(async (tx) => {
        const [t] = await tx
          .delete(availabilityTemplates)
          .where(and(eq(availabilityTemplates.id, id), eq(availabilityTemplates.expertId, expertId)))
          .returning({ id: availabilityTemplates.id });
        if (!t) throw notFound('时段模板不存在');
        const closed = await tx
          .update(slots)
          .set({ status: 'closed' })
          .where(
            and(
              eq(slots.templateId, id),
              eq(slots.status, 'open'),
              gt(slots.startsAt, now),
              sql`not ${activeBookingOn(slots.id, now)}`,
            ),
          )
          .returning({ id: slots.id });
        return { closed: closed.length };
      });
    },

    async mySlots(expertId: number, from: Date, to: Date): Promise<ExpertSlot[]> {
      if (to.getTime() - from.getTime() > 62 * DAY) throw new AppError('BAD_REQUEST', '查询范围最多62天');
      const now = clock();
      const rows = await db
        .select()
        .from(slots)
        .where(and(eq(slots.expertId, expertId), gte(slots.startsAt, from), lt(slots.startsAt, to)))
        .orderBy(asc(slots.startsAt));
      const ids = rows.map((r) => r.id);
      const active = ids.length
        ? await db
            .select({
              id: bookings.id,
              slotId: bookings.slotId,
              status: bookings.status,
              userName: users.name,
            })
            .from(bookings)
            .innerJoin(users, eq(users.id, bookings.userId))
            .where(
              and(
                inArray(bookings.slotId, ids),
                sql`(${bookings.status} in ('confirmed', 'completed', 'no_show') or (${bookings.status} = 'pending_payment' and ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz))`,
              ),
            )
        : [];
      const bySlot = new Map(active.map((b) => [b.slotId, b]));
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

    async addSlot(expertId: number, body: SlotBody): Promise<Slot> {
      await requireProfile(expertId);
      const startsAt = new Date(body.startsAt);
      if (startsAt <= clock()) throw new AppError('BAD_REQUEST', '只能发布未来的时间');
      try {
        const [row] = await db
          .insert(slots)
          .values({
            expertId,
            startsAt,
            endsAt: new Date(startsAt.getTime() + body.durationMinutes * 60_000),
            mode: body.mode,
            source: 'manual',
          })
          .returning();
        return toSlot(row!);
      } catch (err) {
        const code = pgError(err).code;
        if (code === EXCLUSION_VIOLATION || code === UNIQUE_VIOLATION) {
          throw new AppError('CONFLICT', '与已发布的时段重叠，请调整时间');
        }
        throw err;
      }
    },

    async setSlotStatus(expertId: number, slotId: number, status: 'open' | 'closed'): Promise<void> {
      const now = clock();
      try {
        await db.transaction(async (tx) => {
          const [s] = await tx
            .select()
            .from(slots)
            .where(and(eq(slots.id, slotId), eq(slots.expertId, expertId)))
            .for('update');
          if (!s) throw notFound('时段不存在');
          if (s.startsAt <= now) throw new AppError('BAD_REQUEST', '已开始的时段不能修改');
          if (status === 'closed') {
            const [busy] = await tx
              .select({ n: count() })
              .from(slots)
              .where(and(eq(slots.id, slotId), activeBookingOn(slots.id, now)));
            if ((busy?.n ?? 0) > 0)
              throw new AppError('CONFLICT', '该时段已有预约，请先在预约管理中取消预约');
          }
          await tx.update(slots).set({ status }).where(eq(slots.id, slotId));
        });
      } catch (err) {
        if (pgError(err).code === EXCLUSION_VIOLATION)
          throw new AppError('CONFLICT', '与已发布的时段重叠，不能重新开放');
        throw err;
      }
    },

    /** Keeps every expert's template slots published four weeks ahead. */
    async materializeAll(): Promise<number> {
      const experts = await db
        .selectDistinct({ id: availabilityTemplates.expertId })
        .from(availabilityTemplates);
      let n = 0;
      for (const e of experts) n += await materialize(db, e.id, clock());
      return n;
    },
  };
}
export type ExpertsService = ReturnType<typeof createExpertsService>;
