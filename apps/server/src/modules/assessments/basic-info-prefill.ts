import type { BasicInfoBody, BasicInfoPrefill } from '@psy/contracts';
import { shanghaiDate } from '../../lib/time';

/** The ages the basic-info form accepts (contracts' basicInfoBody). */
const AGE = { min: 6, max: 100 } as const;

/** Full years between two calendar dates (YYYY-MM-DD). */
export function fullYears(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

const inRange = (age: number | null) => (age !== null && age >= AGE.min && age <= AGE.max ? age : null);

export interface PrefillSources {
  profile: {
    name: string;
    telephone: string;
    gender: 'male' | 'female' | 'unknown';
    birthday: string | null;
  };
  /** The basic information given last, and when. */
  last: { info: BasicInfoBody; at: Date } | null;
  /** The keys of the form's own fields: only those are carried over. */
  fieldKeys: readonly string[];
  now: Date;
}

/**
 * What the basic-info form starts with. The profile wins where the person has set it (gender,
 * birthday: the account is theirs to keep current); otherwise the last answers, the age grown
 * by the full years since; the phone falls back to the account's own.
 */
export function prefillBasicInfo({ profile, last, fieldKeys, now }: PrefillSources): BasicInfoPrefill {
  const today = shanghaiDate(now);
  const info = last?.info ?? null;
  const ageFromBirthday = profile.birthday ? inRange(fullYears(profile.birthday, today)) : null;
  const ageFromLast =
    info && last ? inRange(info.age + Math.max(0, fullYears(shanghaiDate(last.at), today))) : null;
  const extra = Object.fromEntries(fieldKeys.filter((k) => info?.extra[k]).map((k) => [k, info!.extra[k]!]));
  return {
    name: info?.name ?? profile.name,
    gender: profile.gender !== 'unknown' ? profile.gender : (info?.gender ?? null),
    age: ageFromBirthday ?? ageFromLast,
    regionCode: info?.regionCode ?? null,
    phone: info?.phone ?? profile.telephone,
    extra,
    lastGivenAt: last ? last.at.toISOString() : null,
  };
}
