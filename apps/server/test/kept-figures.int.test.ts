import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCountsOf } from '../src/db/row-counts';
import { rowsOf } from '../src/db/rows';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, DEMO, login, scaleIdOf, take, ZHANG_XIAOYU } from './helpers';

// The figures the public catalogue shows beside each item are kept by the writes that change
// them (migration 0045), not worked out over every row at each reading: an expert's rating and
// its count (booking feedback), how many people took a scale (submitted parts) and a plan
// (submitted assessments). They must never drift from the rows, whatever writes them.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(q));

/** Without the keys that went back to 0. */
const nonZero = (m: Map<string, number>) => new Map([...m].filter(([, n]) => n !== 0));

async function expectInStep() {
  const ratings = await rows<{ expert_id: number; n: number; total: number }>(
    sql`select expert_id, count(*)::int as n, sum(rating)::int as total from feedback
        where kind = 'booking' group by 1`,
  );
  const kept = await rows<{ expert_id: number; n: number; total: number }>(
    sql`select expert_id, n, total from expert_ratings where n <> 0 or total <> 0`,
  );
  const byExpert = <T extends { expert_id: number }>(xs: T[]) =>
    new Map(xs.map((x) => [Number(x.expert_id), x]));
  expect(byExpert(kept)).toEqual(byExpert(ratings));

  const counted = async (q: ReturnType<typeof sql>) =>
    new Map((await rows<{ key: string; n: number }>(q)).map((r) => [String(r.key), Number(r.n)]));
  expect(nonZero(await rowCountsOf(db(), 'scale_takers'))).toEqual(
    await counted(
      sql`select scale_id::text as key, count(*)::int as n from assessment_parts where status = 'submitted' group by 1`,
    ),
  );
  expect(nonZero(await rowCountsOf(db(), 'plan_takers'))).toEqual(
    await counted(
      sql`select plan_id::text as key, count(*)::int as n from assessments
          where status = 'submitted' and plan_id is not null group by 1`,
    ),
  );
}

/** What the public lists show, against the rows. */
async function expectListsInStep() {
  const experts = (await call(ctx.app, 'GET', '/api/expert/list?pageSize=50')).body.data.list as {
    id: number;
    rating: number | null;
    ratingCount: number;
  }[];
  expect(experts.length).toBeGreaterThan(0);
  const ratings = new Map(
    (
      await rows<{ id: number; rating: number; n: number }>(
        sql`select expert_id as id, round(avg(rating), 2)::float8 as rating, count(*)::int as n
            from feedback where kind = 'booking' group by 1`,
      )
    ).map((r) => [Number(r.id), r]),
  );
  for (const e of experts) {
    expect(e.ratingCount, `expert ${e.id}`).toBe(ratings.get(e.id)?.n ?? 0);
    expect(e.rating, `expert ${e.id}`).toBe(ratings.get(e.id)?.rating ?? null);
  }
  // Best rated first, those nobody rated last.
  const order = experts.map((e) => e.rating ?? -1);
  expect(order).toEqual([...order].sort((a, b) => b - a));

  const scales = (await call(ctx.app, 'GET', '/api/scale/list?pageSize=50')).body.data.list as {
    id: number;
    takenCount: number;
  }[];
  const taken = new Map(
    (
      await rows<{ id: number; n: number }>(
        sql`select scale_id as id, count(*)::int as n from assessment_parts where status = 'submitted' group by 1`,
      )
    ).map((r) => [Number(r.id), r.n]),
  );
  for (const s of scales) expect(s.takenCount, `scale ${s.id}`).toBe(taken.get(s.id) ?? 0);

  const plans = (await call(ctx.app, 'GET', '/api/plan/list')).body.data as {
    id: number;
    takenCount: number;
  }[];
  expect(plans.length).toBeGreaterThan(0);
  const planTaken = new Map(
    (
      await rows<{ id: number; n: number }>(
        sql`select plan_id as id, count(*)::int as n from assessments where status = 'submitted' group by 1`,
      )
    ).map((r) => [Number(r.id), r.n]),
  );
  for (const p of plans) expect(p.takenCount, `plan ${p.id}`).toBe(planTaken.get(p.id) ?? 0);
}

describe(`catalogue figures kept by the writes on ${testDbKind}`, () => {
  it('start from the seed’s rows and follow assessments taken through the API', async () => {
    await expectInStep();
    await expectListsInStep();
    const user = await login(ctx.app, DEMO.user);
    const phq9 = await scaleIdOf(ctx.app, 'PHQ9');
    const before = (await rowCountsOf(db(), 'scale_takers')).get(String(phq9)) ?? 0;
    await take(ctx.app, user, { scaleId: phq9 }, () => 1);
    expect((await rowCountsOf(db(), 'scale_takers')).get(String(phq9))).toBe(before + 1);
    // The free student survey, with its college and student number.
    const plans = (await call(ctx.app, 'GET', '/api/plan/list')).body.data as {
      id: number;
      priceFen: number;
      takenCount: number;
    }[];
    const plan = plans.find((p) => p.priceFen === 0)!;
    await take(ctx.app, user, { planId: plan.id }, () => 1, {
      info: { ...ZHANG_XIAOYU, extra: { college: '文学院', studentNo: '2026001' } },
    });
    await expectInStep();
    await expectListsInStep();
    const after = (await call(ctx.app, 'GET', '/api/plan/list')).body.data as {
      id: number;
      takenCount: number;
    }[];
    expect(after.find((p) => p.id === plan.id)!.takenCount).toBe(plan.takenCount + 1);
  });

  it('follow many-row statements, edits, moves, deletes, a rollback and truncation', async () => {
    const [expert] = await rows<{ id: number }>(sql`select id from users where telephone = ${DEMO.expert}`);
    const [other] = await rows<{ id: number }>(
      sql`select id from users where role = 'expert' and id <> ${expert!.id} order by id limit 1`,
    );
    // Booking feedback for two experts in one statement, with course feedback beside it.
    await db().execute(sql`
      insert into feedback (kind, object_id, user_id, expert_id, subject_title, rating, content)
      select case when g % 4 = 0 then 'course'::feedback_kind else 'booking'::feedback_kind end,
        2000000 + g, (select id from users where telephone = ${DEMO.user}),
        case when g % 2 = 0 then ${expert!.id}::int else ${other!.id}::int end, '计数测试', 1 + g % 5, '计数测试'
      from generate_series(1, 40) g`);
    await expectInStep();
    await expectListsInStep();
    // The writer changes ratings; feedback moves between kinds and experts; handling changes none.
    await db().execute(
      sql`update feedback set rating = 6 - rating where content = '计数测试' and object_id % 3 = 0`,
    );
    await db().execute(
      sql`update feedback set kind = 'course' where content = '计数测试' and kind = 'booking' and object_id % 5 = 0`,
    );
    await db().execute(
      sql`update feedback set expert_id = ${other!.id} where content = '计数测试' and object_id % 7 = 0`,
    );
    await db().execute(
      sql`update feedback set status = 'handled', handled_at = now() where content = '计数测试' and object_id % 2 = 0`,
    );
    await expectInStep();

    // Parts and assessments: copies of every submitted one, statuses and scales changed, deleted.
    const user = await login(ctx.app, DEMO.user);
    await take(ctx.app, user, { scaleId: await scaleIdOf(ctx.app, 'GAD7') }, () => 2);
    const copies = await rows<{ id: number }>(sql`
      insert into assessments (user_id, kind, scale_id, plan_id, title, status, consent_text, submitted_at)
      select user_id, kind, scale_id, plan_id, '计数测试', status, consent_text, submitted_at
      from assessments returning id`);
    expect(copies.length).toBeGreaterThan(1);
    const parts = await rows<{ id: number }>(sql`
      insert into assessment_parts (assessment_id, position, scale_id, scale_version_id, status, answers, result)
      select c.id, p.position, p.scale_id, p.scale_version_id, p.status, p.answers, p.result
      from assessments c join assessments o on o.user_id = c.user_id and o.title <> '计数测试'
        and o.started_at = (select max(started_at) from assessments where user_id = c.user_id and title <> '计数测试')
      join assessment_parts p on p.assessment_id = o.id
      where c.title = '计数测试' returning id`);
    expect(parts.length).toBeGreaterThan(1);
    await expectInStep();
    await db().execute(
      sql`update assessments set status = 'in_progress' where title = '计数测试' and id % 2 = 0`,
    );
    await db().execute(sql`update assessment_parts set status = 'in_progress'
      where assessment_id in (select id from assessments where title = '计数测试') and id % 3 = 0`);
    await db().execute(sql`update assessment_parts set scale_id = (select min(id) from scales)
      where assessment_id in (select id from assessments where title = '计数测试') and id % 4 = 0`);
    // An answer saved: no watched column changes.
    await db().execute(sql`update assessment_parts set answers = answers where id % 2 = 0`);
    await expectInStep();

    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`delete from feedback`);
        await tx.execute(sql`update assessment_parts set status = 'in_progress'`);
        await tx.execute(sql`delete from assessments where title = '计数测试'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectInStep();

    await db().execute(sql`delete from assessments where title = '计数测试' and id % 3 = 1`);
    await db().execute(sql`delete from feedback where content = '计数测试' and object_id % 2 = 1`);
    await expectInStep();
    await expectListsInStep();
    // An expert's account removed with its feedback (the kept row goes with the account).
    const [gone] = await rows<{ id: number }>(
      sql`insert into users (telephone, name, role) values ('17700009999', '计数专家', 'expert') returning id`,
    );
    await db().execute(sql`
      insert into feedback (kind, object_id, user_id, expert_id, subject_title, rating, content)
      select 'booking', 3000000 + g, (select id from users where telephone = ${DEMO.user}), ${gone!.id}::int,
        '计数测试', 1 + g % 5, '计数测试'
      from generate_series(1, 6) g`);
    await expectInStep();
    await db().execute(sql`delete from users where id = ${gone!.id}`);
    expect(await rows(sql`select * from expert_ratings where expert_id = ${gone!.id}`)).toEqual([]);
    await expectInStep();

    await db().execute(sql`truncate feedback, assessment_parts, assessments cascade`);
    expect(await rows(sql`select * from expert_ratings`)).toEqual([]);
    expect(nonZero(await rowCountsOf(db(), 'scale_takers'))).toEqual(new Map());
    await expectInStep();
    await expectListsInStep();
  });

  // A statement deleting feedback of many experts changes their rating rows under row locks;
  // taken in the order of its join (a hash), two such statements could take two rows in opposite
  // orders and deadlock. They are taken in expert order (migration 0053): while another writer
  // holds the first expert's row, the delete waits for it holding none of the others.
  // (PGlite has one connection: no race.)
  it.runIf(testDbKind === 'postgres')('take the rating rows a delete changes in expert order', async () => {
    const experts = await rows<{ id: number }>(sql`
      insert into users (telephone, name, role)
      select '1770001' || lpad(g::text, 4, '0'), '锁序专家' || g, 'expert'
      from generate_series(1, 400) g returning id`);
    const ids = experts.map((e) => e.id).sort((a, b) => a - b);
    const feedbackFor = (few: number[], from: number) =>
      db().execute(sql`
        insert into feedback (kind, object_id, user_id, expert_id, subject_title, rating, content)
        select 'booking', ${from}::int + g, (select id from users where telephone = ${DEMO.user}),
          (array[${sql.join(
            few.map((id) => sql`${id}::int`),
            sql`, `,
          )}])[1 + g % ${few.length}::int], '锁序测试', 1 + g % 5, '锁序测试'
        from generate_series(1, ${few.length * 10}::int) g`);
    // The first expert's rating row written after the others' (on a table vacuumed of the rows
    // earlier tests left), so a scan of the table meets it last, and the planner told the
    // table's size, so the delete's join scans the table rather than probing it expert by expert.
    await db().execute(sql`vacuum expert_ratings`);
    await feedbackFor(ids.slice(1), 4000000);
    await feedbackFor(ids.slice(0, 1), 4100000);
    await db().execute(sql`analyze expert_ratings`);
    await expectInStep();

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    let others: unknown;
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`select 1 from expert_ratings where expert_id = ${ids[0]!} for update`);
      locked();
      await held;
      // The delete waits for the first expert's row: it must hold none of the others yet.
      others = await tx
        .execute(
          sql`select 1 from expert_ratings where expert_id in (${sql.join(ids.slice(1), sql`, `)})
              for update nowait`,
        )
        .then(
          () => 'free',
          (err: unknown) => err,
        );
    });
    await isLocked;
    // (A query starts when it is awaited or `then`ed.)
    const deleting = db()
      .execute(sql`delete from feedback where content = '锁序测试'`)
      .then(() => 'deleted');
    await new Promise((r) => setTimeout(r, 300));
    release();
    await holder;
    expect(await deleting).toBe('deleted');
    expect(others).toBe('free');
    await expectInStep();
    expect(
      await rows(sql`select * from expert_ratings where expert_id in (${sql.join(ids, sql`, `)}) and n <> 0`),
    ).toEqual([]);
  });
});
