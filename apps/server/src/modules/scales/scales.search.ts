import { fromTable, rankedSearch } from '../search';
import { isPublic } from './scales.repository';
import { scales } from './scales.table';

/** Published scales that are online. */
export const scaleSearch = rankedSearch({
  kind: 'scale',
  label: '量表',
  order: 10,
  fields: [
    { text: scales.name, weight: 3, short: true },
    { text: scales.shortName, weight: 2, short: true },
    { text: scales.category, weight: 1, short: true },
    { text: scales.intro, weight: 1 },
  ],
  visible: () => isPublic,
  key: scales.id,
  tieBreak: { column: scales.id },
  from: fromTable(scales),
  rows: (q, rank) =>
    q
      .select({ s: scales, ...rank })
      .from(scales)
      .$dynamic(),
  hit: ({ s }) => ({
    id: s.id,
    title: s.name,
    summary: s.intro,
    url: `/test/detail?id=${s.id}`,
    image: null,
    tags: [s.shortName, s.category],
  }),
});
