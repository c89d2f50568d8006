import { rosterRowProblems, type RosterBadRow, type RosterRowInput } from '@psy/contracts';

/** Every row's problems, duplicates within the file included (each row of a pair is named). */
export function validateRoster(rows: RosterRowInput[], thisYear: number): RosterBadRow[] {
  const firstOf = (key: (r: RosterRowInput) => string) => {
    const seen = new Map<string, number>();
    for (const r of rows) if (key(r) && !seen.has(key(r))) seen.set(key(r), r.row);
    return seen;
  };
  const byNo = firstOf((r) => r.memberNo);
  const byPhone = firstOf((r) => r.telephone);
  const bad: RosterBadRow[] = [];
  for (const r of rows) {
    const reasons = rosterRowProblems(r, thisYear);
    const no = byNo.get(r.memberNo);
    if (r.memberNo && no !== undefined && no !== r.row) reasons.push(`学号/工号与第${no}行重复`);
    const ph = byPhone.get(r.telephone);
    if (r.telephone && ph !== undefined && ph !== r.row) reasons.push(`手机号与第${ph}行重复`);
    if (reasons.length) bad.push({ ...r, reasons });
  }
  return bad;
}
