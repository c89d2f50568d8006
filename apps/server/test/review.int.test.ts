import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../src/modules/assessments/assessments.table';
import { phq9 } from '../src/modules/scales/builtins/phq9';
import { outboxEvents } from '../src/modules/outbox/outbox.table';
import { createReviewService, type ReviewWorkflow } from '../src/modules/review/review.service';
import { reviewRequests } from '../src/modules/review/review.table';
import { users } from '../src/modules/users/users.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, DEMO, loginCast } from './helpers';

let ctx: TestContext;
const t = {} as Record<'user2' | 'expert' | 'expert2' | 'auditor', string>;
const ids = {} as Record<'expert' | 'auditor' | 'user2', number>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  Object.assign(t, await loginCast(ctx.app, ['user2', 'expert', 'expert2', 'auditor']));
  const idOf = async (telephone: string) =>
    (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.telephone, telephone)))[0]!.id;
  ids.expert = await idOf(DEMO.expert);
  ids.auditor = await idOf(DEMO.auditor);
  ids.user2 = await idOf('13800000021');
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

/** What the rows of one item look like, oldest first. */
const requestsOf = (kind: string, itemId: number) =>
  ctx.database.db
    .select()
    .from(reviewRequests)
    .where(and(eq(reviewRequests.kind, kind), eq(reviewRequests.itemId, itemId)))
    .orderBy(reviewRequests.id);

const decidedEvents = async (kind: string, itemId: number) =>
  (await ctx.database.db.select().from(outboxEvents).where(eq(outboxEvents.name, 'review.decided')))
    .map(
      (e) =>
        e.payload as {
          kind?: string;
          itemId?: number;
          userId: number;
          approved: boolean;
          reason: string | null;
        },
    )
    .filter((p) => p.kind === kind && p.itemId === itemId);

describe(`the review workflow, generically, on ${testDbKind}`, () => {
  // A kind of content made up for the test: its state lives in a table of its own.
  let fake: ReviewWorkflow;
  let failApprove = false;

  beforeAll(async () => {
    const { db } = ctx.database;
    await db.execute(sql`create table fake_items (id int primary key, state text not null)`);
    await db.execute(sql`insert into fake_items values (1, 'draft'), (2, 'draft')`);
    const review = createReviewService({ db, clock: () => new Date(), events: ctx.app.deps.events });
    fake = review.createReviewWorkflow<{ id: number }>({
      kind: 'fake',
      async load(tx, id) {
        await tx.execute(sql`select 1 from fake_items where id = ${id} for update`);
        return { id };
      },
      async onApprove(tx, item) {
        await tx.execute(sql`update fake_items set state = 'published' where id = ${item.id}`);
        if (failApprove) throw new Error('approval side effect failed');
      },
      async onReject(tx, item) {
        await tx.execute(sql`update fake_items set state = 'rejected' where id = ${item.id}`);
      },
      links: { submitter: (id) => `/fake/${id}`, reviewer: (id) => `/audit/fake/${id}` },
      messages: { reasonRequired: '请填写原因', notPending: '不在待审核状态', alreadyPending: '已在审核中' },
    });
  });

  const stateOf = async (id: number) => {
    const r = await ctx.database.db.execute<{ state: string }>(
      sql`select state from fake_items where id = ${id}`,
    );
    const rows = Array.isArray(r) ? r : (r as unknown as { rows: { state: string }[] }).rows;
    return rows[0]!.state;
  };
  const reviewer = () => ({ userId: ids.auditor, role: 'auditor' });

  it('opens one request per item: a second submit is a 409', async () => {
    const { db } = ctx.database;
    await db.transaction((tx) => fake.submit(tx, { itemId: 1, title: '样例一', submittedBy: ids.expert }));
    await expect(
      db.transaction((tx) => fake.submit(tx, { itemId: 1, title: '样例一', submittedBy: ids.expert })),
    ).rejects.toMatchObject({ status: 409, message: '已在审核中' });
    const rows = await requestsOf('fake', 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      submittedBy: ids.expert,
      title: '样例一',
      version: 1,
    });
  });

  it('asks a reason to reject, then records it, changes the item and tells the submitter', async () => {
    await expect(fake.decide(reviewer(), 1, { approve: false })).rejects.toMatchObject({
      status: 400,
      message: '请填写原因',
    });
    expect(await stateOf(1)).toBe('draft');
    await fake.decide(reviewer(), 1, { approve: false, reason: '  需要补充说明 ' });
    expect(await stateOf(1)).toBe('rejected');
    const [r] = await requestsOf('fake', 1);
    expect(r).toMatchObject({ status: 'rejected', reviewerId: ids.auditor, reason: '需要补充说明' });
    expect(r!.decidedAt).toBeInstanceOf(Date);
    expect(await decidedEvents('fake', 1)).toEqual([
      expect.objectContaining({ userId: ids.expert, approved: false, reason: '需要补充说明' }),
    ]);
    // Decided once: nothing is pending any more.
    await expect(fake.decide(reviewer(), 1, { approve: true })).rejects.toMatchObject({
      status: 409,
      message: '不在待审核状态',
    });
  });

  it('a resubmission is a new request; approval commits with what it does to the item, or not at all', async () => {
    const { db } = ctx.database;
    await db.transaction((tx) =>
      fake.submit(tx, { itemId: 1, version: 2, title: '样例一', submittedBy: ids.expert }),
    );
    failApprove = true;
    await expect(fake.decide(reviewer(), 1, { approve: true })).rejects.toThrow(
      'approval side effect failed',
    );
    failApprove = false;
    // Rolled back together: still pending, the item unchanged, nobody told.
    expect((await requestsOf('fake', 1)).map((r) => r.status)).toEqual(['rejected', 'pending']);
    expect(await stateOf(1)).toBe('rejected');
    expect(await decidedEvents('fake', 1)).toHaveLength(1);

    await fake.decide(reviewer(), 1, { approve: true, reason: '很好' });
    expect(await stateOf(1)).toBe('published');
    expect((await requestsOf('fake', 1)).map((r) => [r.status, r.version])).toEqual([
      ['rejected', 1],
      ['approved', 2],
    ]);
    expect((await fake.latest(db, 1))?.status).toBe('approved');
    expect((await fake.latestOf(db, [1, 2])).get(2)).toBeUndefined();
  });

  it('two reviewers deciding at once: one decision, one clear 409', async () => {
    const { db } = ctx.database;
    await db.transaction((tx) => fake.submit(tx, { itemId: 2, title: '样例二', submittedBy: ids.expert }));
    const results = await Promise.allSettled([
      fake.decide(reviewer(), 2, { approve: true }),
      fake.decide(reviewer(), 2, { approve: false, reason: '不通过' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    expect((await requestsOf('fake', 2)).filter((r) => r.status !== 'pending')).toHaveLength(1);
    expect(await decidedEvents('fake', 2)).toHaveLength(1);
  });
});

const draft = (code: string, name: string) => ({
  name,
  shortName: code,
  intro: '三道题快速了解近一周的情绪状态，仅用于教学演示。',
  category: '情绪',
  priceFen: 0,
  definition: {
    ...phq9,
    code,
    name,
    shortName: code,
    items: phq9.items.slice(0, 3),
    scores: [{ key: 'total', name: '总分', expr: { op: 'sumItems' }, decimals: 0 }],
    alerts: [],
    positive: undefined,
    report: { raw: 'total', indices: [] },
  },
});

async function submitScale(code: string, name: string): Promise<number> {
  const made = await api('POST', '/api/expert/scales', t.expert, draft(code, name));
  expect(made.status, made.body.message).toBe(200);
  const id = made.body.data.id as number;
  expect((await api('POST', `/api/expert/scales/${id}/submit`, t.expert)).status).toBe(200);
  return id;
}

describe(`scale review through the workflow on ${testDbKind}`, () => {
  it('submit opens a request in the inbox; approval publishes, closes it and tells the author', async () => {
    const id = await submitScale('REVA', '审核流程量表甲');
    const again = await api('POST', `/api/expert/scales/${id}/submit`, t.expert);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('量表已在审核中');
    const inbox = await api('GET', '/api/audit/inbox?kind=scale', t.auditor);
    const row = inbox.body.data.list.find((r: { itemId: number }) => r.itemId === id);
    expect(row).toMatchObject({
      kind: 'scale',
      status: 'pending',
      title: '审核流程量表甲',
      version: 1,
      link: `/audit/test/detail?id=${id}`,
      submittedBy: { id: ids.expert, name: '王静怡' },
      reviewer: null,
    });

    expect((await api('POST', `/api/audit/scales/${id}/review`, t.auditor, { approve: true })).status).toBe(
      200,
    );
    expect((await api('GET', `/api/scale/detail/${id}`)).status).toBe(200);
    const approved = await api('GET', '/api/audit/inbox?kind=scale&status=approved', t.auditor);
    expect(approved.body.data.list.find((r: { itemId: number }) => r.itemId === id)).toMatchObject({
      reviewer: { id: ids.auditor },
      decidedAt: expect.any(String),
    });
    const pending = await api('GET', '/api/audit/inbox?kind=scale', t.auditor);
    expect(pending.body.data.list.some((r: { itemId: number }) => r.itemId === id)).toBe(false);
    await ctx.app.deps.events.drain();
    const notes = await api('GET', '/api/userNotification?pageSize=50', t.expert);
    expect(notes.body.data.list).toContainEqual(
      expect.objectContaining({
        title: '审核通过',
        content: '量表“审核流程量表甲”已审核通过并发布。',
        link: `/expert/paper/detail?id=${id}`,
      }),
    );
  });

  it('a rejected scale shows the reason to its author and in the queue until it is resubmitted', async () => {
    const id = await submitScale('REVB', '审核流程量表乙');
    await api('POST', `/api/audit/scales/${id}/review`, t.auditor, { approve: false, reason: '请补充常模' });
    const mine = (await api('GET', '/api/expert/scales', t.expert)).body.data;
    expect(mine.find((s: { id: number }) => s.id === id)).toMatchObject({
      status: 'rejected',
      rejectReason: '请补充常模',
    });
    const queue = await api('GET', '/api/audit/scales?status=rejected', t.auditor);
    expect(queue.body.data.list.find((s: { id: number }) => s.id === id)).toMatchObject({
      rejectReason: '请补充常模',
      submittedAt: expect.any(String),
    });
    await api('POST', `/api/expert/scales/${id}/submit`, t.expert);
    const draftNow = await api('GET', `/api/expert/scales/${id}`, t.auditor);
    expect(draftNow.body.data).toMatchObject({ status: 'pending_review', rejectReason: null });
    expect((await requestsOf('scale', id)).map((r) => r.status)).toEqual(['rejected', 'pending']);
  });
});

describe(`report approval through the workflow on ${testDbKind}`, () => {
  let id: number;

  it('a finished plan that needs approval waits in the inbox once paid; returning it tells the person why', async () => {
    const plans = (await api('GET', '/api/plan/list')).body.data;
    const work = plans.find((p: { title: string }) => p.title === '职场压力与身心状况评估');
    const s = await api('POST', '/api/assessment/start', t.user2, { planId: work.id });
    id = s.body.data.id;
    await api('POST', `/api/assessment/${id}/consent`, t.user2, { accepted: true });
    await api('POST', `/api/assessment/${id}/basic-info`, t.user2, {
      name: '李晨',
      gender: 'male',
      age: 30,
      regionCode: '110108',
      phone: null,
      extra: {},
    });
    for (const part of [0, 1, 2]) {
      const state = (await api('GET', `/api/assessment/${id}`, t.user2)).body.data;
      for (const item of state.parts[part].items as { number: number }[])
        await api('PUT', `/api/assessment/${id}/answer`, t.user2, { part, item: item.number, position: 1 });
      expect((await api('POST', `/api/assessment/${id}/submit`, t.user2, { part })).status).toBe(200);
    }
    // The review is asked for when the report is paid.
    const order = await api('POST', `/api/assessment/${id}/report/order`, t.user2);
    const paid = await api('POST', `/api/pay/sandbox/${order.body.data.orderNo}/confirm`, t.user2, {
      action: 'pay',
    });
    expect(paid.body.data.status).toBe('paid');
    const inbox = await api('GET', '/api/audit/inbox?kind=report', t.auditor);
    expect(inbox.body.data.list.find((r: { itemId: number }) => r.itemId === id)).toMatchObject({
      kind: 'report',
      title: '职场压力与身心状况评估',
      submittedBy: { id: ids.user2 },
      link: `/audit/warning/detail?id=${id}`,
    });

    const returned = await api('POST', `/api/expert/report-approvals/${id}`, t.auditor, {
      approve: false,
      comment: '请补充躯体症状的说明',
    });
    expect(returned.status).toBe(200);
    const queue = await api('GET', '/api/expert/report-approvals?status=returned', t.auditor);
    expect(queue.body.data.list.find((q: { assessmentId: number }) => q.assessmentId === id)).toMatchObject({
      status: 'returned',
      comment: '请补充躯体症状的说明',
    });
    expect(queue.body.data.counts.returned).toBeGreaterThanOrEqual(1);
    const detail = await api('GET', `/api/expert/assessments/${id}`, t.auditor);
    expect(detail.body.data.report).toMatchObject({ status: 'returned', comment: '请补充躯体症状的说明' });
    await ctx.app.deps.events.drain();
    const notes = await api('GET', '/api/userNotification?pageSize=50', t.user2);
    expect(notes.body.data.list).toContainEqual(
      expect.objectContaining({
        kind: 'report',
        title: '测评报告已退回修订',
        content:
          '您的“职场压力与身心状况评估”报告被专家退回修订，原因：请补充躯体症状的说明。修订后会再次审核，出具后会通知您。',
        link: `/reportView?id=${id}`,
      }),
    );
  });

  it('a returned report may be approved directly; the person is told it is ready', async () => {
    // An expert who does not follow this person up gets 404.
    const [a] = await ctx.database.db.select().from(assessments).where(eq(assessments.id, id));
    const outsider = a!.expertId === ids.expert ? t.expert2 : t.expert;
    const other = await api('POST', `/api/expert/report-approvals/${id}`, outsider, { approve: true });
    expect(other.status).toBe(404);
    expect(
      (await api('POST', `/api/expert/report-approvals/${id}`, t.auditor, { approve: true })).status,
    ).toBe(200);
    const again = await api('POST', `/api/expert/report-approvals/${id}`, t.auditor, { approve: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('报告已审批');
    expect((await requestsOf('report', id)).map((r) => r.status)).toEqual(['rejected', 'approved']);
    await ctx.app.deps.events.drain();
    const notes = await api('GET', '/api/userNotification?pageSize=50', t.user2);
    expect(notes.body.data.list).toContainEqual(
      expect.objectContaining({
        title: '测评报告已出具',
        content: '您的“职场压力与身心状况评估”完整报告已通过专家审核，可以查看了。',
      }),
    );
  });
});

describe(`the audit inbox on ${testDbKind}`, () => {
  it('pages, filters by kind and status, and counts each kind', async () => {
    for (const [code, name] of [
      ['INBA', '收件箱量表一'],
      ['INBB', '收件箱量表二'],
      ['INBC', '收件箱量表三'],
    ] as const)
      await submitScale(code, name);
    const all = await api('GET', '/api/audit/inbox?pageSize=100', t.auditor);
    expect(all.status).toBe(200);
    const { counts, total } = all.body.data;
    expect(counts.scale).toBeGreaterThanOrEqual(4);
    expect(total).toBe(counts.scale + counts.report + counts.tweet);

    const p1 = await api('GET', '/api/audit/inbox?kind=scale&pageSize=2&pageNum=1', t.auditor);
    const p2 = await api('GET', '/api/audit/inbox?kind=scale&pageSize=2&pageNum=2', t.auditor);
    expect(p1.body.data).toMatchObject({ total: counts.scale, pageNum: 1, pageSize: 2 });
    expect(p1.body.data.list).toHaveLength(2);
    expect(p2.body.data.list.length).toBeGreaterThanOrEqual(1);
    const seen = [...p1.body.data.list, ...p2.body.data.list].map((r: { id: number }) => r.id);
    expect(new Set(seen).size).toBe(seen.length);
    // Oldest waiting first.
    const times = p1.body.data.list.map((r: { submittedAt: string }) => Date.parse(r.submittedAt));
    expect(times[0]).toBeLessThanOrEqual(times[1]);
    expect(
      p1.body.data.list.every(
        (r: { kind: string; status: string }) => r.kind === 'scale' && r.status === 'pending',
      ),
    ).toBe(true);

    const rejected = await api('GET', '/api/audit/inbox?status=rejected&pageSize=100', t.auditor);
    expect(rejected.body.data.list.every((r: { status: string }) => r.status === 'rejected')).toBe(true);
    expect(rejected.body.data.counts.report).toBeGreaterThanOrEqual(1);
  });

  it('is the auditors’ and admins’ only, and names a bad filter', async () => {
    expect((await api('GET', '/api/audit/inbox', t.expert)).status).toBe(403);
    expect((await api('GET', '/api/audit/inbox')).status).toBe(401);
    expect((await api('GET', '/api/audit/inbox?kind=nope', t.auditor)).status).toBe(400);
  });
});

describe(`the OpenAPI document on ${testDbKind}`, () => {
  it('shows a 200 response for every endpoint of scales, plans, assessments, warnings, reports and review', async () => {
    const doc = (await ctx.app.inject('/SysAdmin/docs/json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const ours =
      /^\/SysAdmin\/api\/(scale|plan|activity|assessment|expert\/(scales|assessments|warnings|report-approvals)|audit\/(scales|inbox))/;
    const missing: string[] = [];
    let seen = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!ours.test(path)) continue;
      for (const [method, op] of Object.entries(ops)) {
        seen++;
        if (!op.responses?.['200']) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(30);
    expect(missing).toEqual([]);
  });
});
