import { and, count, desc, eq } from 'drizzle-orm';
import type { SearchProvider } from '../search';
import { keywordFilter, rankedPage, relevance, type RankedField } from '../../lib/search-rank';
import { activities, plans } from './plans.table';

const planFields: RankedField[] = [
  { text: plans.title, weight: 3 },
  { text: plans.intro, weight: 1 },
];

/** Published plans. */
export const planSearch: SearchProvider = {
  kind: 'plan',
  label: '测评方案',
  order: 20,
  async search(db, keyword, { limit, offset }) {
    const where = and(eq(plans.published, true), keywordFilter(keyword, planFields));
    const score = relevance(keyword, planFields);
    const { rows, total } = await rankedPage(
      limit,
      () =>
        db
          .select({ p: plans, score })
          .from(plans)
          .where(where)
          .orderBy(desc(score), plans.id)
          .limit(limit)
          .offset(offset),
      () => db.select({ n: count() }).from(plans).where(where),
    );
    return {
      total,
      items: rows.map(({ p, score }) => ({
        id: p.id,
        title: p.title,
        summary: p.intro,
        url: `/combit/guading?id=${p.id}`,
        image: null,
        tags: ['测评方案'],
        score,
      })),
    };
  },
};

const activityFields: RankedField[] = [
  { text: activities.title, weight: 3 },
  { text: activities.intro, weight: 1 },
];

/** Activities (every one is public: upcoming, ongoing and ended alike). */
export const activitySearch: SearchProvider = {
  kind: 'activity',
  label: '测评活动',
  order: 30,
  async search(db, keyword, { limit, offset }) {
    const where = keywordFilter(keyword, activityFields);
    const score = relevance(keyword, activityFields);
    const { rows, total } = await rankedPage(
      limit,
      () =>
        db
          .select({ a: activities, score })
          .from(activities)
          .where(where)
          .orderBy(desc(score), desc(activities.startsAt))
          .limit(limit)
          .offset(offset),
      () => db.select({ n: count() }).from(activities).where(where),
    );
    return {
      total,
      items: rows.map(({ a, score }) => ({
        id: a.id,
        title: a.title,
        summary: a.intro,
        url: `/activity/detail?id=${a.id}`,
        image: null,
        tags: ['测评活动'],
        score,
      })),
    };
  },
};
