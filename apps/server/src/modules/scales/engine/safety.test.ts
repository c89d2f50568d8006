import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtinScaleSources } from '../builtins';
import { SCALE_KEY_PATTERN, scaleDefinition, type ScaleDefinition } from './contracts';
import { AnswerError, scoreAssessment, visibleItems } from './index';

/**
 * A definition is data an admin or expert can write. Whatever string it holds, in whatever
 * place, it must either be refused by the schema or stay a plain string: no prototype
 * pollution, no global touched, no code run.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const hostile = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'process',
  'globalThis',
  'eval',
  'require',
];
const reserved = new Set(['__proto__', 'constructor', 'prototype', 'toString']);
/** Fields that name an identifier (a key, or a reference to one). */
const identifierFields = new Set([
  'key',
  'optionSet',
  'field',
  'score',
  'dimension',
  'raw',
  'standard',
  'band',
]);

function stringPaths(value: Json, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function objectPaths(value: Json, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objectPaths(v, [...path, i]));
  if (value && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...path, k]))];
  }
  return [];
}

function at(root: Json, path: Path): Json {
  return path.reduce<Json>((node, step) => (node as Record<string, Json>)[step] as Json, root);
}

function isIdentifierPosition(root: Json, path: Path): boolean {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  const original = at(root, path);
  if (typeof original !== 'string' || !SCALE_KEY_PATTERN.test(original)) return false;
  if (typeof last === 'string') return identifierFields.has(last);
  return parent === 'indices' || parent === 'dimensions';
}

const objectPrototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
const globalNames = () => Object.getOwnPropertyNames(globalThis).sort();

/** Scores a parsed variant with the least answers, with and without hostile basic info. */
function scoreHarmlessly(def: ScaleDefinition) {
  const infos = [
    { gender: 'female' },
    JSON.parse('{"__proto__": {"gender": "female"}, "constructor": "female", "process": "female"}'),
  ];
  for (const info of infos) {
    const shown = new Set(visibleItems(def, info));
    const answers = def.items.map((item) => (shown.has(item.number) ? 1 : null));
    const result = scoreAssessment(def, answers, info);
    // Plain data only: nothing that JSON would lose (functions, prototypes, getters).
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(Object.getPrototypeOf(result.indices)).toBe(Object.prototype);
  }
}

const sources = builtinScaleSources.filter((s) => ['PHQ15', 'SDS', 'SCL90'].includes(s.code));

// Thousands of variants per scale: allowed a minute on a loaded two-core CI machine.
describe('scale definitions cannot reach code or globals', { timeout: 60_000 }, () => {
  it.each(sources.map((s) => [s.code, s] as const))(
    '%s: every string position holding a hostile name is refused or harmless',
    (_code, source) => {
      const prototypeBefore = objectPrototypeNames();
      const globalsBefore = globalNames();
      const base = JSON.parse(JSON.stringify(source)) as Json;
      let refused = 0;
      let accepted = 0;
      for (const path of stringPaths(base)) {
        for (const name of hostile) {
          const variant = structuredClone(base);
          const parent = at(variant, path.slice(0, -1)) as Record<string | number, Json>;
          parent[path[path.length - 1]!] = name;
          const parsed = scaleDefinition.safeParse(variant);
          if (!parsed.success) {
            refused++;
            continue;
          }
          accepted++;
          if (reserved.has(name))
            expect(isIdentifierPosition(base, path), `${path.join('.')} = ${name}`).toBe(false);
          scoreHarmlessly(parsed.data);
        }
      }
      expect(refused).toBeGreaterThan(0);
      expect(accepted).toBeGreaterThan(0);
      expect(objectPrototypeNames()).toEqual(prototypeBefore);
      expect(globalNames()).toEqual(globalsBefore);
      expect(({} as Record<string, unknown>).gender).toBeUndefined();
    },
  );

  it.each(sources.map((s) => [s.code, s] as const))(
    '%s: an extra __proto__, constructor or process field on any object is refused',
    (_code, source) => {
      const base = JSON.parse(JSON.stringify(source)) as Json;
      for (const path of objectPaths(base)) {
        for (const name of ['__proto__', 'constructor', 'process']) {
          const variant = structuredClone(base);
          // defineProperty makes an own property even for __proto__, exactly as JSON.parse does.
          Object.defineProperty(at(variant, path), name, { value: { polluted: true }, enumerable: true });
          expect(scaleDefinition.safeParse(variant).success, `${path.join('.')}.${name}`).toBe(false);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('refuses hostile answers with an AnswerError', () => {
    const def = scaleDefinition.parse(builtinScaleSources[0]);
    for (const name of hostile) {
      const answers = def.items.map(() => name) as unknown as number[];
      expect(() => scoreAssessment(def, answers)).toThrow(AnswerError);
    }
    expect(() => scoreAssessment(def, { __proto__: [] } as unknown as number[])).toThrow('答案格式不正确');
  });

  it('refuses nesting deep enough to exhaust the stack, before walking it', () => {
    let expr: Json = { op: 'sumItems' };
    for (let i = 0; i < 100_000; i++) expr = { op: 'subtract', left: expr, right: { op: 'const', value: 0 } };
    const source = JSON.parse(JSON.stringify(builtinScaleSources[0])) as Record<string, Json>;
    (source.scores as Json[]).push({ key: 'deep', name: '深', expr });
    const parsed = scaleDefinition.safeParse(source);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('量表定义层级过深');
  });
});

describe('engine source', () => {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const contracts = fileURLToPath(
    new URL('../../../../../../packages/contracts/src/scales/', import.meta.url),
  );
  const files = [here, contracts, join(contracts, 'engine')].flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(dir, f)),
  );

  it.each([
    ['eval(', /\beval\s*\(/],
    ['new Function', /\bnew\s+Function\b/],
    ['Function(', /\bFunction\s*\(/],
    ['with (', /\bwith\s*\(/],
    ['dynamic import or require', /\bimport\s*\(|\brequire\s*\(/],
    ['globalThis', /\bglobalThis\b/],
  ])('contains no %s', (_name, pattern) => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(pattern);
  });
});
