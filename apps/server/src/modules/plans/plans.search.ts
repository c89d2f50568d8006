import { eq } from 'drizzle-orm';
import { fromTable, rankedSearch } from '../search';
import { activities, plans } from './plans.table';

/** Published plans. */
export const planSearch = rankedSearch({
  kind: 'plan',
  label: '测评方案',
  order: 20,
  fields: [
    { text: plans.title, weight: 3, short: true },
    { text: plans.intro, weight: 1 },
  ],
  visible: () => eq(plans.published, true),
  key: plans.id,
  tieBreak: { column: plans.id },
  from: fromTable(plans),
  rows: (q, rank) =>
    q
      .select({ p: plans, ...rank })
      .from(plans)
      .$dynamic(),
  hit: ({ p }) => ({
    id: p.id,
    title: p.title,
    summary: p.intro,
    url: `/combit/guading?id=${p.id}`,
    image: null,
    tags: ['测评方案'],
  }),
});

/** Activities (every one is public: upcoming, ongoing and ended alike). */
export const activitySearch = rankedSearch({
  kind: 'activity',
  label: '测评活动',
  order: 30,
  fields: [
    { text: activities.title, weight: 3, short: true },
    { text: activities.intro, weight: 1 },
  ],
  key: activities.id,
  tieBreak: { column: activities.startsAt, descending: true },
  from: fromTable(activities),
  rows: (q, rank) =>
    q
      .select({ a: activities, ...rank })
      .from(activities)
      .$dynamic(),
  hit: ({ a }) => ({
    id: a.id,
    title: a.title,
    summary: a.intro,
    url: `/activity/detail?id=${a.id}`,
    image: null,
    tags: ['测评活动'],
  }),
});
