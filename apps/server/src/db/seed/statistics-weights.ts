/**
 * The weights the demo statistics and the bench's data generator share, so that the bench's
 * million assessments look like the demo's few hundred.
 */

/** Where people live: weights by province (two-digit code), heavier around the four institutions. */
export const PROVINCE_WEIGHTS: [string, number][] = [
  ['11', 14],
  ['31', 12],
  ['44', 14],
  ['33', 12],
  ['32', 6],
  ['37', 5],
  ['41', 5],
  ['51', 5],
  ['42', 4],
  ['43', 4],
  ['35', 3],
  ['34', 3],
  ['36', 3],
  ['13', 3],
  ['12', 2],
  ['50', 3],
  ['61', 2],
  ['21', 2],
  ['45', 2],
  ['53', 2],
  ['52', 1],
  ['14', 1],
  ['22', 1],
  ['23', 1],
  ['15', 1],
  ['62', 1],
  ['46', 1],
  ['65', 1],
  ['64', 1],
  ['63', 1],
  ['54', 1],
];

/** Scales people take on their own, weighted. */
export const SINGLE_SCALES: [string, number][] = [
  ['PHQ9', 10],
  ['GAD7', 8],
  ['SCL90', 4],
  ['K10', 3],
  ['SDS', 3],
  ['SAS', 3],
  ['WHO5', 2],
  ['PHQ15', 2],
];
