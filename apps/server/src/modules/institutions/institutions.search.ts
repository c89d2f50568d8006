import { asc } from 'drizzle-orm';
import { countFrom } from '../../db/rows';
import { rankedSearch } from '../search';
import { institutions } from './institutions.table';

export const institutionSearch = rankedSearch({
  kind: 'institution',
  label: '机构',
  order: 60,
  fields: [
    { text: institutions.name, weight: 3, short: true },
    { text: institutions.city, weight: 1, short: true },
    { text: institutions.intro, weight: 1 },
  ],
  rows: (db, score) => db.select({ i: institutions, score }).from(institutions).$dynamic(),
  count: (db) => countFrom(db, institutions),
  tieBreak: asc(institutions.id),
  hit: ({ i, score }) => ({
    id: i.id,
    title: i.name,
    summary: i.intro,
    url: `/department/detail?id=${i.id}`,
    image: i.logo,
    tags: [i.city],
    score,
  }),
});
