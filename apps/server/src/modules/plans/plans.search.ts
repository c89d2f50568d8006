import { eq } from 'drizzle-orm';
import { oneTable, rankedSearch } from '../search';
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
  ...oneTable(plans),
  tieBreak: { column: plans.id },
  hit: ({ row: p }) => ({
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
  ...oneTable(activities),
  tieBreak: { column: activities.startsAt, descending: true },
  hit: ({ row: a }) => ({
    id: a.id,
    title: a.title,
    summary: a.intro,
    url: `/activity/detail?id=${a.id}`,
    image: null,
    tags: ['测评活动'],
  }),
});
