import { oneTable, rankedSearch } from '../search';
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
  ...oneTable(institutions),
  tieBreak: { column: institutions.id },
  hit: ({ row: i }) => ({
    id: i.id,
    title: i.name,
    summary: i.intro,
    url: `/department/detail?id=${i.id}`,
    image: i.logo,
    tags: [i.city],
  }),
});
