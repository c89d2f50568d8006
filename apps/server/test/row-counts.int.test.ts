import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCountsOf } from '../src/db/row-counts';
import { rowsOf } from '../src/db/rows';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, DEMO, login, loginCast, scaleIdOf, take } from './helpers';

// 反馈管理, 动态审核, 资讯管理 and the auditors' 预警列表 show the whole platform's counts from counts
// the writes keep (row_counts, the triggers of migrations 0032, 0033 and 0036), not from counting
// every row: these must never drift from the rows, whatever writes them.

let ctx: TestContext;
const t = {} as Record<'expert' | 'auditor' | 'admin', string>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  Object.assign(t, await loginCast(ctx.app, ['expert', 'auditor']), {
    admin: await login(ctx.app, DEMO.admin),
  });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

type Counted = 'feedback' | 'tweets' | 'news_articles' | 'warnings' | 'users';
const tables = ['feedback', 'tweets', 'news_articles', 'warnings', 'users'] as const;

/** The rows counted by the key each table's triggers keep. */
async function counted(table: Counted): Promise<Map<string, number>> {
  const key =
    table === 'feedback'
      ? sql`status::text || '/' || kind::text`
      : table === 'tweets'
        ? sql`status::text`
        : table === 'warnings'
          ? sql`status::text || '/' || level::text || '/' || (escalated_at is not null)::text`
          : table === 'users'
            ? sql`role::text || '/' || coalesce(institution_id::text, '')`
            : sql`state::text`;
  const rows = rowsOf<{ key: string; n: number }>(
    await db().execute(
      sql`select ${key} as key, count(*)::int as n from ${sql.identifier(table)} group by 1`,
    ),
  );
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** The kept counts without the keys that went back to 0. */
async function kept(table: Counted): Promise<Map<string, number>> {
  return new Map([...(await rowCountsOf(db(), table))].filter(([, n]) => n !== 0));
}

async function expectInStep() {
  for (const table of tables) expect(await kept(table)).toEqual(await counted(table));

  // What the auditors see: every state's count, and each state's page total.
  const feedback = await counted('feedback');
  const byStatus = (status: string, kind?: string) =>
    [...feedback]
      .filter(([k]) => k.startsWith(`${status}/`) && (!kind || k.endsWith(`/${kind}`)))
      .reduce((n, [, c]) => n + c, 0);
  for (const q of ['', '&kind=booking', '&status=handled', '&status=open&kind=course']) {
    const r = await call(ctx.app, 'GET', `/api/audit/feedback?pageSize=10${q}`, { token: t.auditor });
    expect(r.status, r.body.message).toBe(200);
    const kind = /kind=(\w+)/.exec(q)?.[1];
    const status = /status=(\w+)/.exec(q)?.[1];
    expect(r.body.data.counts).toEqual({ open: byStatus('open', kind), handled: byStatus('handled', kind) });
    expect(r.body.data.total).toBe(
      status ? byStatus(status, kind) : byStatus('open', kind) + byStatus('handled', kind),
    );
  }
  // The auditors' warnings: each filter's total is the rows it shows.
  for (const q of ['', '&status=pending', '&level=3', '&escalated=true', '&escalated=false&level=2']) {
    const r = await call(ctx.app, 'GET', `/api/expert/warnings?pageSize=10${q}`, { token: t.auditor });
    expect(r.status, r.body.message).toBe(200);
    const status = /status=(\w+)/.exec(q)?.[1];
    const level = /level=(\d)/.exec(q)?.[1];
    const escalated = /escalated=(\w+)/.exec(q)?.[1];
    const [row] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from warnings where true
        ${status ? sql`and status = ${status}` : sql``}
        ${level ? sql`and level = ${Number(level)}` : sql``}
        ${escalated === 'true' ? sql`and escalated_at is not null and status <> 'closed'` : sql``}
        ${escalated === 'false' ? sql`and escalated_at is null` : sql``}`),
    );
    expect(r.body.data.total, q).toBe(row!.n);
    expect(r.body.data.list.length).toBe(Math.min(10, row!.n));
  }
  // 用户管理: every account for the admin, the ordinary users of the expert's institution.
  const [everyone, ownUsers] = rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from users union all
      select count(*)::int from users where role = 'user' and institution_id =
        (select institution_id from users where telephone = ${DEMO.expert})`),
  );
  for (const [who, n] of [
    ['admin', everyone!.n],
    ['expert', ownUsers!.n],
  ] as const) {
    const r = await call(ctx.app, 'GET', '/api/userinfo/get-list?pageSize=10', { token: t[who] });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.total, who).toBe(n);
  }
  const tweets = await counted('tweets');
  for (const status of ['pending', 'published', 'rejected']) {
    const r = await call(ctx.app, 'GET', `/api/audit/tweets?pageSize=10&status=${status}`, {
      token: t.auditor,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.total).toBe(tweets.get(status) ?? 0);
    expect(r.body.data.counts).toEqual({
      pending: tweets.get('pending') ?? 0,
      published: tweets.get('published') ?? 0,
      rejected: tweets.get('rejected') ?? 0,
    });
  }
}

describe(`counts kept by the writes on ${testDbKind}`, () => {
  it('start from the seed’s rows and follow a tweet through review by the API', async () => {
    await expectInStep();
    const made = await call(ctx.app, 'POST', '/api/expert/tweets', {
      token: t.expert,
      body: { content: '计数测试' },
    });
    const id = made.body.data.id as number;
    await call(ctx.app, 'POST', `/api/expert/tweets/${id}/submit`, { token: t.expert });
    await expectInStep();
    const reviewed = await call(ctx.app, 'POST', `/api/audit/tweets/${id}/review`, {
      token: t.auditor,
      body: { approve: true },
    });
    expect(reviewed.status, reviewed.body.message).toBe(200);
    await expectInStep();
  });

  it('follow many-row statements, state changes, deletes, a rollback and truncation', async () => {
    // Copies of every feedback in one statement, half of them handled in another, then deleted.
    const copies = rowsOf<{ id: number }>(
      await db().execute(sql`
        insert into feedback (kind, object_id, user_id, expert_id, subject_title, rating, content)
        select kind, object_id + 1000000, user_id, expert_id, subject_title, rating, '计数测试'
        from feedback returning id`),
    ).map((r) => r.id);
    expect(copies.length).toBeGreaterThan(0);
    await expectInStep();
    await db().execute(
      sql`update feedback set status = 'handled', handled_at = now() where content = '计数测试' and id % 2 = 0`,
    );
    await expectInStep();
    await db().execute(sql`update news_articles set state = 'offline' where id % 2 = 0`);
    await expectInStep();
    // Warnings raised on every assessment in one statement, then escalated, closed and raised
    // in level, many at a time.
    const user = await login(ctx.app, DEMO.user);
    const taken = await take(ctx.app, user, { scaleId: await scaleIdOf(ctx.app, 'GAD7') }, () => 1);
    const raised = rowsOf<{ id: number }>(
      await db().execute(sql`
        insert into warnings (assessment_id, user_id, level, reason, scale_name)
        select id, user_id, 1 + g % 3, '计数测试', '测试量表'
        from assessments, generate_series(1, 30) g where id = ${taken} returning id`),
    );
    expect(raised.length).toBe(30);
    await expectInStep();
    await db().execute(sql`update warnings set escalated_at = now() where id % 2 = 1`);
    await expectInStep();
    await db().execute(sql`update warnings set status = 'closed' where id % 3 = 0`);
    await db().execute(sql`update warnings set level = 3 where level = 2 and id % 2 = 0`);
    await expectInStep();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`update feedback set status = 'open', handled_at = null`);
        await tx.execute(sql`delete from tweets`);
        await tx.execute(sql`update news_articles set state = 'offline'`);
        await tx.execute(sql`delete from warnings`);
        await tx.execute(sql`update users set institution_id = null`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectInStep();
    await db().execute(sql`delete from feedback where content = '计数测试'`);
    await expectInStep();

    await db().execute(sql`delete from warnings where id % 2 = 0`);
    await expectInStep();
    // Accounts added, moved between institutions and roles, and removed, many at a time.
    await db().execute(sql`
      insert into users (telephone, name, institution_id)
      select '1770000' || lpad(g::text, 4, '0'), '计数测试' || g,
        (select institution_id from users where telephone = ${DEMO.expert} and g % 2 = 0)
      from generate_series(1, 40) g`);
    await expectInStep();
    await db().execute(
      sql`update users set institution_id = null where name like '计数测试%' and id % 3 = 0`,
    );
    await db().execute(sql`update users set role = 'expert' where name like '计数测试%' and id % 5 = 0`);
    await expectInStep();
    await db().execute(sql`delete from users where name like '计数测试%' and id % 2 = 1`);
    await expectInStep();

    await db().execute(sql`truncate feedback, tweets, news_articles, warnings cascade`);
    for (const table of tables.filter((x) => x !== 'users')) expect(await kept(table)).toEqual(new Map());
    await expectInStep();
  });
});
