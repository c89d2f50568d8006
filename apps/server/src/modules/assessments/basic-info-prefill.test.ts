import { describe, expect, it } from 'vitest';
import { fullYears, prefillBasicInfo } from './basic-info-prefill';

const profile = { name: '李明', telephone: '13800000001', gender: 'unknown' as const, birthday: null };
const lastInfo = {
  name: '李小明',
  gender: 'male' as const,
  age: 20,
  regionCode: '110101',
  phone: null,
  extra: { school: '一中', gone: 'x' },
};

describe('prefillBasicInfo', () => {
  it('counts full years in Beijing time', () => {
    expect(fullYears('2000-03-01', '2026-02-28')).toBe(25);
    expect(fullYears('2000-03-01', '2026-03-01')).toBe(26);
  });

  it('takes the last answers, grows the age, and falls back to the account phone', () => {
    const r = prefillBasicInfo({
      profile,
      last: { info: lastInfo, at: new Date('2024-05-01T02:00:00Z') },
      fieldKeys: ['school'],
      now: new Date('2026-05-01T01:00:00Z'),
    });
    expect(r).toEqual({
      name: '李小明',
      gender: 'male',
      age: 22,
      regionCode: '110101',
      phone: '13800000001',
      extra: { school: '一中' },
      lastGivenAt: '2024-05-01T02:00:00.000Z',
    });
  });

  it('prefers the profile gender and birthday; nothing given before leaves region empty', () => {
    const r = prefillBasicInfo({
      profile: { ...profile, gender: 'female', birthday: '1990-12-31' },
      last: null,
      fieldKeys: [],
      // 16:30 UTC on 30 Dec is already 31 Dec in Beijing: the birthday has come.
      now: new Date('2025-12-30T16:30:00Z'),
    });
    expect(r).toMatchObject({ name: '李明', gender: 'female', age: 35, regionCode: null, lastGivenAt: null });
  });

  it('leaves an age outside 6 to 100 empty', () => {
    const r = prefillBasicInfo({
      profile: { ...profile, birthday: '2024-01-01' },
      last: null,
      fieldKeys: [],
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(r.age).toBeNull();
  });
});
