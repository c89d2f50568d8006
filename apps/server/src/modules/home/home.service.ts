import type { HomeOverview } from '@psy/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ttlCached } from '../../lib/ttl-cache';
import { institutions } from '../institutions/institutions.table';
import { users } from '../users/users.table';

/** Crisis lines shown on every home page (brief section 6). */
export const HOTLINES: HomeOverview['hotlines'] = [
  { name: '全国心理援助热线', number: '12356', note: '24 小时，免费' },
  { name: '急救电话', number: '120', note: '生命安全受到威胁时' },
  { name: '报警电话', number: '110', note: '紧急危险情况' },
];

/** The home page changes rarely and is the most visited page: a few seconds of staleness is fine. */
const OVERVIEW_TTL_MS = 5_000;

export function createHomeService({ db }: { db: Db }) {
  const overview = ttlCached(async (): Promise<HomeOverview> => {
    const [[inst], [experts], [all], list] = await Promise.all([
      db.select({ n: count() }).from(institutions),
      db.select({ n: count() }).from(users).where(eq(users.role, 'expert')),
      db.select({ n: count() }).from(users),
      db
        .select({
          id: institutions.id,
          name: institutions.name,
          city: institutions.city,
          logo: institutions.logo,
          intro: institutions.intro,
        })
        .from(institutions)
        .orderBy(asc(institutions.id))
        .limit(8),
    ]);
    return {
      stats: { institutions: inst?.n ?? 0, experts: experts?.n ?? 0, users: all?.n ?? 0 },
      institutions: list,
      hotlines: HOTLINES,
    };
  }, OVERVIEW_TTL_MS);
  return { overview };
}
export type HomeService = ReturnType<typeof createHomeService>;
