import type { ExpertListQuery } from '@psy/contracts';
import { and, asc, count, eq, gte, lte, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { executeRows, pageWhere } from '../../db/rows';
import { likeEscape } from '../../lib/sql';
import { nextFreeSlotAt } from '../availability';
import { feedbackQueries } from '../feedback';
import { institutions } from '../institutions';
import { users } from '../users';
import { expertProfiles } from './experts.table';

export type ProfileRow = typeof expertProfiles.$inferSelect;
export type ProfileValues = Omit<typeof expertProfiles.$inferInsert, 'userId'>;

/** An expert as lists show them: account, profile, institution and next free slot. */
export interface CardRow {
  id: number;
  name: string;
  avatar: string | null;
  profile: ProfileRow;
  institutionId: number | null;
  institutionName: string | null;
  nextSlotAt: string | null;
  /** The mean of the expert's booking feedback ratings, or null before the first. */
  rating: number | null;
  ratingCount: number;
}

/** An expert as a report recommends them and a search hit shows them (profile, account, institution). */
export const matchFields = {
  id: users.id,
  name: users.name,
  avatar: users.avatar,
  title: expertProfiles.title,
  specialties: expertProfiles.specialties,
  institution: institutions.name,
};

/** An expert as a report recommends them. */
export interface MatchRow {
  id: number;
  name: string;
  avatar: string | null;
  title: string;
  specialties: string[];
  institution: string | null;
}

const rating = feedbackQueries.ratingOf(users.id);
/** Best rated first; experts nobody has rated yet after those who have. */
const byRating = [sql`${rating} desc nulls last`, asc(users.id)];

const activeExpert = and(eq(users.role, 'expert'), eq(users.status, 'active'));

function cards(db: DbOrTx, now: Date) {
  return db
    .select({
      id: users.id,
      name: users.name,
      avatar: users.avatar,
      profile: expertProfiles,
      institutionId: institutions.id,
      institutionName: institutions.name,
      nextSlotAt: nextFreeSlotAt(users.id, now),
      rating,
      ratingCount: feedbackQueries.ratingCountOf(users.id),
    })
    .from(expertProfiles)
    .innerJoin(users, eq(users.id, expertProfiles.userId))
    .leftJoin(institutions, eq(institutions.id, users.institutionId));
}

export const expertsRepository = {
  /** Active experts with a profile matching the filters, best rated first. */
  async page(db: DbOrTx, q: ExpertListQuery, now: Date): Promise<{ rows: CardRow[]; total: number }> {
    const filters: SQL[] = [activeExpert!];
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
    return pageWhere(
      q,
      where,
      byRating,
      cards(db, now),
      db
        .select({ n: count() })
        .from(expertProfiles)
        .innerJoin(users, eq(users.id, expertProfiles.userId))
        .$dynamic(),
    );
  },

  async card(db: DbOrTx, id: number, now: Date): Promise<CardRow | undefined> {
    const [row] = await cards(db, now).where(and(eq(users.id, id), activeExpert));
    return row;
  },

  /** The institution's active experts with a profile, oldest account first. */
  ofInstitution(db: DbOrTx, institutionId: number, now: Date): Promise<CardRow[]> {
    return cards(db, now)
      .where(and(eq(users.institutionId, institutionId), activeExpert))
      .orderBy(asc(users.id));
  },

  /**
   * Active experts whose specialties name any of the tags, best rated first; at most `limit`.
   * What a report recommends them by: no price, mode or next free slot (the slot was a subquery
   * per expert, most of a report's reading at a million assessments when not from memory).
   */
  matching(db: DbOrTx, tags: string[], limit: number): Promise<MatchRow[]> {
    if (!tags.length) return Promise.resolve([]);
    return db
      .select(matchFields)
      .from(expertProfiles)
      .innerJoin(users, eq(users.id, expertProfiles.userId))
      .leftJoin(institutions, eq(institutions.id, users.institutionId))
      .where(
        and(
          activeExpert,
          sql`${expertProfiles.specialties} ?| array[${sql.join(
            tags.map((t) => sql`${t}`),
            sql`, `,
          )}]::text[]`,
        ),
      )
      .orderBy(...byRating)
      .limit(limit);
  },

  /** The 30 most used specialty tags. */
  async specialties(db: DbOrTx): Promise<string[]> {
    const rows = await executeRows<{ tag: string }>(
      db,
      sql`select tag, count(*)::int as n from ${expertProfiles}, jsonb_array_elements_text(${expertProfiles.specialties}) as tag
          group by tag order by n desc, tag asc limit 30`,
    );
    return rows.map((r) => r.tag);
  },

  async profile(db: DbOrTx, expertId: number): Promise<ProfileRow | undefined> {
    const [row] = await db.select().from(expertProfiles).where(eq(expertProfiles.userId, expertId));
    return row;
  },

  async saveProfile(db: DbOrTx, expertId: number, values: ProfileValues): Promise<void> {
    await db
      .insert(expertProfiles)
      .values({ userId: expertId, ...values })
      .onConflictDoUpdate({ target: expertProfiles.userId, set: values });
  },
};

/** For other domains' queries: the expert's professional title, or null without a profile. */
export function expertTitleOf(expertId: AnyColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select p.title from ${expertProfiles} p where p.user_id = ${expertId})`;
}

/**
 * For the cooperations and transfers pickers: active experts other than `exceptId` whose name,
 * institution or title contains the keyword, by institution.
 */
export async function expertCandidates(
  tx: DbOrTx,
  exceptId: number,
  keyword: string | undefined,
  limit: number,
) {
  const k = keyword ? `%${likeEscape(keyword)}%` : null;
  const title = expertTitleOf(users.id);
  return tx
    .select({ id: users.id, name: users.name, title, institution: institutions.name })
    .from(users)
    .leftJoin(institutions, eq(institutions.id, users.institutionId))
    .where(
      and(
        eq(users.role, 'expert'),
        eq(users.status, 'active'),
        ne(users.id, exceptId),
        k
          ? sql`(${users.name} ilike ${k} or ${institutions.name} ilike ${k} or coalesce(${title}, '') ilike ${k})`
          : undefined,
      ),
    )
    .orderBy(asc(institutions.name), asc(users.id))
    .limit(limit);
}
