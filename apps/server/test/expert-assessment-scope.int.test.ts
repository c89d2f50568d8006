/**
 * An expert's 来访者测评 reads its two sides apart (the assessments the expert follows up, and
 * those of the people assigned to the expert that someone else or nobody follows up) and merges
 * them by page. Here every page, filter and count is checked against the list written as one
 * condition over all assessments, with the two sides interleaved in time, start times shared
 * across both sides, and rows that belong to neither.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, CAST, dataOf, login } from './helpers';

let ctx: TestContext;
let token: string;
let expertId: number;
let otherExpertId: number;
const people: number[] = [];

const PEOPLE = 8;
const PER_PERSON = 5;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  token = await login(ctx.app, CAST.expert);
  expertId = dataOf(await call(ctx.app, 'GET', '/api/userinfo/info', { token })).id as number;
  const other = await login(ctx.app, CAST.expert2);
  otherExpertId = dataOf(await call(ctx.app, 'GET', '/api/userinfo/info', { token: other })).id as number;
  const db = ctx.database.db;
  const made = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (telephone, name, role)
      select '1760000' || lpad(i::text, 4, '0'), case when i % 2 = 0 then '范围甲' else '范围乙' end || i, 'user'
      from generate_series(1, ${PEOPLE}) i
      returning id`),
  );
  people.push(...made.map((r) => r.id).sort((a, b) => a - b));
  // People 0-3 are assigned to the expert; 4-7 are not.
  await db.execute(sql`
    insert into care_assignments (user_id, expert_id)
    select unnest(${sql.raw(`array[${people.slice(0, 4).join(',')}]`)}::int[]), ${expertId}`);
  // Each person's assessments, followed by the expert, the other expert or nobody in turn; the
  // start times step by 2 minutes and repeat every 3 rows, so pages meet ties on both sides.
  await db.execute(sql`
    insert into assessments (user_id, kind, title, status, consent_text, expert_id, started_at,
      submitted_at, max_warning_level, basic_info)
    select p.id, 'scale', 'Scope范围测评' || n,
      case when n % 3 = 0 then 'in_progress' else 'submitted' end::assessment_status,
      '同意', case n % 3 when 0 then ${expertId}::int when 1 then ${otherExpertId}::int else null end,
      timestamptz '2030-01-01' - ((k * ${PER_PERSON}::int + n) / 3) * interval '2 minutes',
      case when n % 3 = 0 then null else timestamptz '2030-01-02' end,
      case when n = 2 then 3 when n = 4 then 1 else null end,
      case when k % 2 = 0 then jsonb_build_object('name', '测评名' || k) else null end
    from (select id, row_number() over (order by id) - 1 as k from users where telephone like '1760000%') p,
      generate_series(0, ${PER_PERSON - 1}::int) n`);
});
afterAll(() => ctx.close());

/** The ids the list should show for `where` (over `a`), newest first, from one plain query. */
async function expected(where: string): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await ctx.database.db.execute(
      sql.raw(`
        select a.id from assessments a
        where (a.expert_id = ${expertId}
          or a.user_id in (select user_id from care_assignments where expert_id = ${expertId}))
          and (${where})
        order by a.started_at desc, a.id desc`),
    ),
  );
  return rows.map((r) => r.id);
}

async function page(query: string, pageNum: number, pageSize: number) {
  const r = await call(
    ctx.app,
    'GET',
    `/api/expert/assessments?pageNum=${pageNum}&pageSize=${pageSize}${query}`,
    {
      token,
    },
  );
  expect(r.status, r.body.message).toBe(200);
  return r.body.data as { list: { id: number }[]; total: number; submittedCount: number };
}

describe(`an expert's assessments read side by side on ${testDbKind}`, () => {
  it('covers both sides: followed and assigned, the assigned ones followed by others included', async () => {
    const all = await expected('true');
    const followed = await expected(`a.expert_id = ${expertId}`);
    expect(followed.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(followed.length);
    // An assigned person's assessment followed by the other expert is in; an unassigned one's is not.
    expect(await expected(`a.expert_id = ${otherExpertId} and a.user_id = ${people[0]}`)).not.toHaveLength(0);
    expect(await expected(`a.expert_id = ${otherExpertId} and a.user_id = ${people[5]}`)).toHaveLength(0);
  });

  const cases: [string, string][] = [
    ['', 'true'],
    ['&status=submitted', `a.status = 'submitted'`],
    ['&status=in_progress', `a.status = 'in_progress'`],
    ['&level=3', 'a.max_warning_level = 3'],
    ['&level=none', 'a.max_warning_level is null'],
    ['&level=1&status=submitted', `a.max_warning_level = 1 and a.status = 'submitted'`],
    [
      `&keyword=${encodeURIComponent('范围甲')}`,
      `a.basic_info is null and a.user_id in (select id from users where name like '范围甲%')`,
    ],
    [`&keyword=${encodeURIComponent('测评名')}`, `a.basic_info->>'name' like '测评名%'`],
    // One character (no trigram): the account side and the given name alike.
    [
      `&keyword=${encodeURIComponent('甲')}`,
      `a.basic_info is null and a.user_id in (select id from users where name like '范围甲%')`,
    ],
    [`&keyword=${encodeURIComponent('名2')}`, `a.basic_info->>'name' = '测评名2'`],
    // The title, in any case.
    ['&keyword=sCOPE', 'true'],
    [`&keyword=${encodeURIComponent('scope范围测评3')}`, `a.title = 'Scope范围测评3'`],
    // LIKE's own characters are plain text.
    ['&keyword=%25', 'false'],
  ];
  it.each(cases)('pages %s exactly as one query over all assessments would', async (query, where) => {
    const want = await expected(where);
    const submitted = (await expected(`a.status = 'submitted'`)).length;
    for (const size of [3, 7]) {
      const pages = Math.ceil(want.length / size) + 1;
      const got: number[] = [];
      for (let n = 1; n <= pages; n++) {
        const p = await page(query, n, size);
        expect(p.total).toBe(want.length);
        expect(p.submittedCount).toBe(submitted);
        got.push(...p.list.map((a) => a.id));
      }
      expect(got).toEqual(want);
    }
  });

  it('filters by one person, whichever side their assessments are on', async () => {
    for (const person of [people[0]!, people[1]!, people[4]!, people[7]!]) {
      const want = await expected(`a.user_id = ${person}`);
      const p = await page(`&userId=${person}`, 1, 50);
      expect(p.list.map((a) => a.id)).toEqual(want);
      expect(p.total).toBe(want.length);
    }
  });

  it('follows a new assignment and its removal at once', async () => {
    const db = ctx.database.db;
    const before = (await page('', 1, 1)).total;
    const person = people[6]!;
    const [{ n: gained }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from assessments
        where user_id = ${person} and expert_id is distinct from ${expertId}`),
    ) as [{ n: number }];
    expect(gained).toBeGreaterThan(0);
    await db.execute(sql`insert into care_assignments (user_id, expert_id) values (${person}, ${expertId})`);
    expect((await page('', 1, 1)).total).toBe(before + gained);
    expect((await page(`&userId=${person}`, 1, 50)).list.map((a) => a.id)).toEqual(
      await expected(`a.user_id = ${person}`),
    );
    await db.execute(sql`delete from care_assignments where user_id = ${person}`);
    expect((await page('', 1, 1)).total).toBe(before);
  });
});

describe(`an expert's name search past its bound on ${testDbKind}`, () => {
  it('counts to 1,000, says so, and pages on past it in the same order', async () => {
    const db = ctx.database.db;
    const person = people[2]!; // assigned to the expert
    await db.execute(sql`
      insert into assessments (user_id, kind, title, status, consent_text, expert_id, started_at)
      select ${person}::int, 'scale', '大量匹配' || i, 'in_progress', '同意',
        case when i % 2 = 0 then ${expertId}::int else null end,
        timestamptz '2031-01-01' - (i / 2) * interval '1 minute'
      from generate_series(1, 1005) i`);
    const want = await expected(`a.title like '大量匹配%'`);
    expect(want).toHaveLength(1005);
    const query = `&keyword=${encodeURIComponent('大量匹配')}`;
    const first = await page(query, 1, 10);
    expect(first.total).toBe(1000);
    expect((first as { totalCapped?: boolean }).totalCapped).toBe(true);
    expect(first.list.map((a) => a.id)).toEqual(want.slice(0, 10));
    expect((await page(query, 100, 10)).list.map((a) => a.id)).toEqual(want.slice(990, 1000));
    const past = await page(query, 101, 10);
    expect(past.total).toBe(1000);
    expect(past.list.map((a) => a.id)).toEqual(want.slice(1000));
    // Fewer matches than the bound: exact, and not capped.
    const some = await page(`&keyword=${encodeURIComponent('大量匹配100')}`, 1, 50);
    expect(some.list.map((a) => a.id)).toEqual(await expected(`a.title like '%大量匹配100%'`));
    expect((some as { totalCapped?: boolean }).totalCapped).toBeUndefined();
  });
});
