import { oneTable, rankedSearch } from '../search';
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
  ...oneTable(scales),
  tieBreak: { column: scales.id },
  hit: ({ row: s }) => ({
    id: s.id,
    title: s.name,
    summary: s.intro,
    url: `/test/detail?id=${s.id}`,
    image: null,
    tags: [s.shortName, s.category],
  }),
});
