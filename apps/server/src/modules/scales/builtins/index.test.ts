import { describe, expect, it } from 'vitest';
import { scaleDefinition } from '../engine/contracts';
import { builtinScaleByCode, builtinScales, builtinScaleSources } from './index';

const expected: Array<[code: string, items: number]> = [
  ['PHQ9', 9],
  ['GAD7', 7],
  ['PHQ15', 15],
  ['K10', 10],
  ['SDS', 20],
  ['SAS', 20],
  ['SCL90', 90],
  ['WHO5', 5],
];

describe('built-in scales', () => {
  it('ships the eight scales of scales.md and no other (no EPDS, no ISI)', () => {
    expect(builtinScales.map((d) => [d.code, d.items.length])).toEqual(expected);
  });

  it.each(builtinScaleSources.map((source) => [source.code, source] as const))(
    '%s parses with the definition schema, also after a JSON round trip',
    (_code, source) => {
      const parsed = scaleDefinition.safeParse(source);
      expect(parsed.error?.issues).toBeUndefined();
      // Seeded and stored as JSON: plain data, and parsing the parsed form changes nothing.
      const fromJson = scaleDefinition.parse(JSON.parse(JSON.stringify(source)));
      expect(fromJson).toEqual(parsed.data);
      expect(scaleDefinition.parse(parsed.data)).toEqual(parsed.data);
    },
  );

  it('finds a built-in by code', () => {
    expect(builtinScaleByCode('SCL90')?.shortName).toBe('SCL-90');
    expect(builtinScaleByCode('EPDS')).toBeUndefined();
    expect(builtinScaleByCode('constructor')).toBeUndefined();
  });

  it('marks a crisis on exactly PHQ-9 item 9, SDS item 19 and SCL-90 item 15', () => {
    const crisis = builtinScales.flatMap((d) =>
      d.alerts
        .filter((a) => a.crisis)
        .map((a) => `${d.code}:${a.when.on === 'item' ? a.when.item : a.when.on}`),
    );
    expect(crisis).toEqual(['PHQ9:9', 'SDS:19', 'SCL90:15']);
  });
});
