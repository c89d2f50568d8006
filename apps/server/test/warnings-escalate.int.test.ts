import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warnings } from '../src/modules/warnings/warnings.table';
import { outboxEvents } from '../src/modules/outbox/outbox.table';
import { createTestContext, LONG_SESSIONS, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, login, scaleIdOf, takePhq9, ZHANG_XIAOYU } from './helpers';

// A warning nobody picks up within WARNING_ESCALATE_HOURS goes to every auditor and admin,
// once; one an expert has started following does not.

const HOUR = 3_600_000;
const time = testClock(new Date('2026-11-20T02:00:00Z'));
let ctx: TestContext;
const t = {} as Record<'user' | 'user2' | 'expert' | 'auditor' | 'admin', string>;
let phq9: number;

beforeAll(async () => {
  ctx = await createTestContext({
    seed: true,
    clock: time.clock,
    env: { WARNING_ESCALATE_HOURS: '24', ...LONG_SESSIONS },
  });
  t.user = await login(ctx.app, DEMO.user);
  t.user2 = await login(ctx.app, '13800000021');
  t.expert = await login(ctx.app, DEMO.expert);
  t.auditor = await login(ctx.app, DEMO.auditor);
  t.admin = await login(ctx.app, DEMO.admin);
  phq9 = await scaleIdOf(ctx.app, 'PHQ9');
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

/** Takes PHQ-9 with item 9 answered `item9` (0-3) and answers the warning's id. */
async function raiseWarning(token: string, name: string, item9: number): Promise<number> {
  const id = await takePhq9(
    ctx.app,
    token,
    { scaleId: phq9 },
    { item9: item9 + 1, others: 1 },
    { info: { ...ZHANG_XIAOYU, name, age: 23 } },
  );
  const [w] = await ctx.database.db.select().from(warnings).where(eq(warnings.assessmentId, id));
  return w!.id;
}

const escalationNotes = async (token: string, warningId: number) => {
  const r = await api('GET', '/api/userNotification?pageSize=100', token);
  return (r.body.data.list as { title: string; link: string | null }[]).filter(
    (n) => n.title === '预警超时未处理' && n.link === `/expert/warning/detail?id=${warningId}`,
  );
};

describe(`warning escalation on ${testDbKind}`, () => {
  it('escalates a warning left pending past the limit to every auditor and admin, exactly once', async () => {
    const ignored = await raiseWarning(t.user, '张小雨', 2);
    const followed = await raiseWarning(t.user2, '李同学', 2);
    const progress = await api('POST', `/api/expert/warnings/${followed}/progress`, t.auditor, {
      status: 'following',
      note: '已电话联系，约定明天面谈',
    });
    expect(progress.status, progress.body.message).toBe(200);

    // Not yet: 23 hours is inside the limit.
    time.advance(23 * HOUR);
    expect(await ctx.app.deps.services.warnings.escalate()).toBe(0);

    time.advance(2 * HOUR);
    const escalated = await ctx.app.deps.services.warnings.escalate();
    expect(escalated).toBe(1);
    const [row] = await ctx.database.db.select().from(warnings).where(eq(warnings.id, ignored));
    expect(row!.escalatedAt?.getTime()).toBe(time.clock().getTime());
    // Written to the outbox in the escalation's own transaction, then delivered.
    const queued = await ctx.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.name, 'warning.escalated'));
    expect(queued.filter((e) => (e.payload as { warningId: number }).warningId === ignored)).toHaveLength(2);
    await ctx.app.deps.events.drain();
    expect(await escalationNotes(t.auditor, ignored)).toHaveLength(1);
    expect(await escalationNotes(t.admin, ignored)).toHaveLength(1);
    // Experts are not the escalation's audience.
    expect(await escalationNotes(t.expert, ignored)).toHaveLength(0);

    // Once only: the next sweeps find nothing new.
    time.advance(HOUR);
    expect(await ctx.app.deps.services.warnings.escalate()).toBe(0);
    await ctx.app.deps.events.drain();
    expect(await escalationNotes(t.auditor, ignored)).toHaveLength(1);

    // The one an expert picked up is never escalated.
    const [f] = await ctx.database.db.select().from(warnings).where(eq(warnings.id, followed));
    expect(f!.escalatedAt).toBeNull();
    expect(await escalationNotes(t.auditor, followed)).toHaveLength(0);

    // 超时未处理 lists the escalated warning while it is open, and not once it is closed.
    const overdue = async () => {
      const r = await api('GET', '/api/expert/warnings?pageNum=1&pageSize=10&escalated=true', t.auditor);
      expect(r.status, r.body.message).toBe(200);
      return r.body.data as { total: number; list: { id: number }[] };
    };
    const open = await overdue();
    expect(open.list.map((w) => w.id)).toEqual([ignored]);
    expect(open.total).toBe(1);
    const closed = await api('POST', `/api/expert/warnings/${ignored}/progress`, t.auditor, {
      status: 'closed',
      note: '已联系本人及家属，情况稳定，转入常规随访',
    });
    expect(closed.status, closed.body.message).toBe(200);
    expect(await overdue()).toMatchObject({ total: 0, list: [] });
  });
});
