import type { RosterRowInput } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { validateRoster } from './org.roster';

const row = (n: number, over: Partial<RosterRowInput> = {}): RosterRowInput => ({
  row: n,
  name: `学生${n}`,
  telephone: `139000000${String(n).padStart(2, '0')}`,
  memberNo: `2026${String(n).padStart(3, '0')}`,
  unitPath: '心理学院/2026级/1班',
  gender: '男',
  birthYear: '2008',
  ...over,
});

describe('roster row validation', () => {
  it('passes good rows', () => {
    expect(validateRoster([row(2), row(3, { gender: '', birthYear: '' })], 2026)).toEqual([]);
  });

  it('names every problem of a row', () => {
    const [bad] = validateRoster(
      [
        row(2, {
          name: '',
          telephone: '2390000000',
          memberNo: '',
          unitPath: ' / ',
          gender: '未说',
          birthYear: '1800',
        }),
      ],
      2026,
    );
    expect(bad!.reasons).toEqual([
      '姓名为空',
      '手机号格式不正确（11位，1开头）',
      '学号/工号为空',
      '单位为空',
      '性别须为“男”或“女”',
      '出生年份须在1900到2026之间',
    ]);
  });

  it('refuses a birth year in the future, a path too deep and a 12-digit phone', () => {
    const bad = validateRoster(
      [
        row(2, { birthYear: '2027' }),
        row(3, { unitPath: 'a/b/c/d/e/f/g' }),
        row(4, { telephone: '139000000041' }),
      ],
      2026,
    );
    expect(bad.map((b) => b.reasons)).toEqual([
      ['出生年份须在1900到2026之间'],
      ['单位层级最多6级'],
      ['手机号格式不正确（11位，1开头）'],
    ]);
  });

  it('names both duplicates within the file, pointing at the first', () => {
    const bad = validateRoster(
      [row(2), row(3, { memberNo: '2026002' }), row(4, { telephone: '13900000002' })],
      2026,
    );
    expect(bad.map((b) => [b.row, b.reasons])).toEqual([
      [3, ['学号/工号与第2行重复']],
      [4, ['手机号与第2行重复']],
    ]);
  });
});
