import { fieldLabels, INT4_MAX } from '@psy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testDbKind, type TestContext } from './context';
import { DEMO, login } from './helpers';

/**
 * Walks the OpenAPI document the app serves and, for every numeric path, query or JSON-body
 * parameter of every operation, sends values outside its range: past the database's `integer`
 * columns, negative, huge, fractional and not a number. Each must answer 400 with a Chinese
 * message naming the field, never 500, logged in as a role that reaches validation.
 */

type Schema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
  default?: unknown;
};
type Parameter = { in: string; name: string; required?: boolean; description?: string; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
  security?: unknown[];
};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A numeric parameter and how to put a value into a request. */
interface Target {
  where: 'path' | 'query' | 'body';
  /** The parameter or body property name; body array items are `answers[]`. */
  name: string;
  schema: Schema;
  /** The Chinese name the answer must carry. */
  label: string | undefined;
  array: boolean;
}

/** Valid values for the string patterns the API's required fields use. */
const patternExamples: Record<string, string> = {
  '^([01]\\d|2[0-3]):[0-5]\\d$': '09:00',
  '^P\\d{20}$': `P${'0'.repeat(20)}`,
  '^[0-9a-f-]{36}$': '00000000-0000-4000-8000-000000000000',
  '^1[3-9]\\d{9}$': DEMO.user,
  '^[a-z0-9]{6,24}$': 'abc123',
  '^[a-z][a-z0-9-]{0,100}\\.webp$': 'content-0000.webp',
  '^\\/(?!\\/)[A-Za-z0-9/_\\-.]*(\\?[\\p{L}\\p{N}_\\-.=&%]*)?$': '/app/news',
};

function unwrap(s: Schema): Schema {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return unwrap(alts.find((a) => a.type !== 'null') ?? alts[0]!);
  if (s.allOf?.length === 1) return unwrap(s.allOf[0]!);
  return s;
}

/** A value the schema accepts, so that only the probed field is wrong. */
function example(raw: Schema, where: string): unknown {
  const s = unwrap(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number': {
      const { minimum = 1, maximum = Infinity } = bounds(s);
      return Math.min(Math.max(1, minimum), maximum);
    }
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'date-time') return new Date(Date.UTC(2030, 0, 7, 2)).toISOString();
      if (s.pattern) {
        const v = patternExamples[s.pattern];
        if (v === undefined) throw new Error(`${where}: add an example for the pattern ${s.pattern}`);
        return v;
      }
      return '测'.repeat(Math.min(Math.max(s.minLength ?? 0, 10), s.maxLength ?? 10));
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => example(s.items ?? {}, `${where}[]`));
    case 'object':
    case undefined: {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = example(s.properties?.[key] ?? {}, `${where}.${key}`);
      return out;
    }
    default:
      throw new Error(`${where}: no example for type ${s.type}`);
  }
}

/** The inclusive bounds a numeric schema declares (OpenAPI 3.0 or JSON Schema style exclusive bounds too). */
function bounds(raw: Schema): { minimum?: number; maximum?: number } {
  const s = unwrap(raw);
  const step = s.type === 'integer' ? 1 : Number.EPSILON;
  const lo =
    typeof s.exclusiveMinimum === 'number'
      ? s.exclusiveMinimum + step
      : s.exclusiveMinimum === true && s.minimum !== undefined
        ? s.minimum + step
        : s.minimum;
  const hi =
    typeof s.exclusiveMaximum === 'number'
      ? s.exclusiveMaximum - step
      : s.exclusiveMaximum === true && s.maximum !== undefined
        ? s.maximum - step
        : s.maximum;
  return { minimum: lo, maximum: hi };
}

const isNumeric = (s: Schema) => {
  const t = unwrap(s).type;
  return t === 'integer' || t === 'number';
};

/**
 * Values to send for one numeric schema, as they travel in JSON: past its bounds, past the
 * `integer` columns, negative, huge, fractional and not a number. `outside` says whether the
 * declared schema must refuse it; one it accepts (2147483648 for a parameter declared wider)
 * must still never answer 500.
 */
function probeValues(s: Schema): { value: unknown; outside: boolean }[] {
  const { type } = unwrap(s);
  const { minimum = -Infinity, maximum = Infinity } = bounds(s);
  const values = new Set<unknown>([maximum + 1, 2147483648, minimum - 1, -1, 1e20, 'abc']);
  if (type === 'integer') values.add(1.5);
  values.delete(Infinity);
  values.delete(-Infinity);
  return [...values].map((value) => ({
    value,
    outside: !(
      typeof value === 'number' &&
      value >= minimum &&
      value <= maximum &&
      (type !== 'integer' || Number.isSafeInteger(value))
    ),
  }));
}

/** 1e20 as text is "100000000000000000000"; send it the way a client would type it. */
const asText = (v: unknown) => (v === 1e20 ? '1e20' : String(v));

const CJK = /[\u4e00-\u9fff]/;

let ctx: TestContext;
let tokens: Record<'user' | 'expert' | 'auditor' | 'admin', string>;
let doc: { paths: Record<string, Partial<Record<string, Operation>>> };

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  tokens = {
    user: await login(ctx.app, DEMO.user),
    expert: await login(ctx.app, DEMO.expert),
    auditor: await login(ctx.app, DEMO.auditor),
    admin: await login(ctx.app, DEMO.admin),
  };
  // The OpenAPI document every route is described in (made on this first request, plugins/api-docs.ts).
  doc = (await ctx.app.inject('/SysAdmin/docs/json')).json() as typeof doc;
});
afterAll(() => ctx.close());

interface Probe {
  method: Method;
  path: string;
  op: Operation;
  targets: Target[];
}

function probes(): Probe[] {
  const out: Probe[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item ?? {})) {
      const method = m.toUpperCase() as Method;
      if (!op || !['GET', 'POST', 'PUT', 'DELETE'].includes(method)) continue;
      const targets: Target[] = [];
      for (const p of op.parameters ?? []) {
        if ((p.in === 'path' || p.in === 'query') && isNumeric(p.schema))
          targets.push({
            where: p.in,
            name: p.name,
            schema: p.schema,
            label: p.description ?? p.schema.description ?? fieldLabels[p.name],
            array: false,
          });
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      for (const [name, raw] of Object.entries(body ? (unwrap(body).properties ?? {}) : {})) {
        const s = unwrap(raw);
        const array = s.type === 'array' && s.items !== undefined && isNumeric(s.items);
        if (!array && !isNumeric(s)) continue;
        targets.push({
          where: 'body',
          name: array ? `${name}[]` : name,
          schema: array ? s.items! : s,
          label: s.description ?? raw.description ?? fieldLabels[name],
          array,
        });
      }
      if (targets.length) out.push({ method, path, op, targets });
    }
  }
  return out;
}

/** The request with every other parameter valid and `target` set to `value`. */
function request(p: Probe, target: Target, value: unknown) {
  let url = p.path;
  const query = new URLSearchParams();
  for (const prm of p.op.parameters ?? []) {
    const mine = prm.in === target.where && prm.name === target.name;
    if (!mine && prm.in === 'query' && !prm.required) continue;
    const v = mine ? asText(value) : String(example(prm.schema, `${p.path} ${prm.name}`));
    if (prm.in === 'path') url = url.replace(`{${prm.name}}`, encodeURIComponent(v));
    else if (prm.in === 'query') query.set(prm.name, v);
  }
  const q = query.toString();
  const bodySchema = p.op.requestBody?.content?.['application/json']?.schema;
  let payload: Record<string, unknown> | undefined;
  if (bodySchema) {
    payload = example(bodySchema, `${p.path} body`) as Record<string, unknown>;
    if (target.where === 'body') {
      const key = target.array ? target.name.slice(0, -2) : target.name;
      payload[key] = target.array ? [value] : value;
    }
  }
  return { url: q ? `${url}?${q}` : url, payload };
}

const roles = ['user', 'expert', 'auditor', 'admin'] as const;

async function send(p: Probe, target: Target, value: unknown, token: string | undefined) {
  const { url, payload } = request(p, target, value);
  const res = await ctx.app.inject({
    method: p.method,
    url,
    headers: token ? { serviceToken: token } : {},
    ...(payload !== undefined ? { payload } : {}),
  });
  let body: { status?: number; message?: string } = {};
  try {
    body = res.json();
  } catch {
    // not JSON: the assertions below say so
  }
  return { status: res.statusCode, body, url, payload };
}

describe(`numeric parameters out of range answer 400 on ${testDbKind}`, () => {
  it('the document lists the numeric parameters, each bounded, ids within the integer columns', () => {
    const all = probes();
    const count = all.reduce((n, p) => n + p.targets.length, 0);
    // The walk must find what it is meant to: a route losing its schema would shrink it.
    expect(all.length).toBeGreaterThanOrEqual(50);
    expect(count).toBeGreaterThanOrEqual(75);
    const names = all.map((p) => `${p.method} ${p.path}`);
    expect(names).toContain('GET /SysAdmin/api/expert/detail/{id}');
    expect(names).toContain('GET /SysAdmin/api/expert/list');
    expect(names).toContain('POST /SysAdmin/api/chat/begin');
    for (const p of all)
      for (const t of p.targets) {
        const s = bounds(t.schema);
        const where = `${p.method} ${p.path} ${t.where} ${t.name}`;
        expect(s.minimum, `${where}: no minimum`).toBeTypeOf('number');
        expect(s.maximum, `${where}: no maximum`).toBeTypeOf('number');
        expect(t.label, `${where}: no Chinese label (fieldLabels or .describe)`).toMatch(CJK);
        if (/(^id|Id|Price)(\[\])?$/.test(t.name))
          expect(s.maximum, `${where}: past the integer column`).toBeLessThanOrEqual(INT4_MAX);
      }
  });

  it('every out-of-range or malformed value answers 400 naming the field, never 500', async () => {
    const serverErrors: string[] = [];
    const notRejected: string[] = [];
    const unnamed: string[] = [];
    let sent = 0;
    for (const p of probes()) {
      // Who reaches validation: anonymous, then each role; the one that got through is tried first next time.
      const candidates: (string | undefined)[] = [undefined, ...roles.map((r) => tokens[r])];
      for (const target of p.targets) {
        for (const { value, outside } of probeValues(target.schema)) {
          let answer: Awaited<ReturnType<typeof send>> | undefined;
          for (const token of [...candidates]) {
            answer = await send(p, target, value, token);
            sent++;
            if (answer.status === 401 || answer.status === 403) continue;
            candidates.splice(candidates.indexOf(token), 1);
            candidates.unshift(token);
            break;
          }
          const what = `${p.method} ${p.path} ${target.where} ${target.name}=${JSON.stringify(value)}`;
          const { status, body } = answer!;
          const message = body.message ?? '';
          if (status >= 500) serverErrors.push(`${what}: answered ${status} ${message}`);
          else if (!outside) continue;
          else if (status !== 400 || body.status !== 400)
            notRejected.push(`${what}: answered ${status} ${message}`);
          else if (!CJK.test(message) || !target.label || !message.includes(target.label))
            unnamed.push(`${what}: message "${message}" does not name ${target.label ?? target.name}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(serverErrors).toEqual([]);
    expect(notRejected).toEqual([]);
    expect(unnamed).toEqual([]);
  });
});
