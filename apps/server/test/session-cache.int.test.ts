import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, login } from './helpers';

// Signed-in sessions are trusted from memory between the writes that end them
// (modules/auth/session-cache.ts, triggers in migration 0025_session_notify), as production runs.
let ctx: TestContext;
/** A second server instance on the same database, as behind a load balancer. */
let other: FastifyInstance;
const time = testClock(new Date());

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: time.clock });
  other = await buildApp({ config: ctx.config, database: ctx.database, logger: false, clock: time.clock });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const info = (app: FastifyInstance, token: string) => call(app, 'GET', '/api/userinfo/info', { token });

/** Changes rows without firing any trigger (replica mode), so no notice goes out. */
async function silently(statement: ReturnType<typeof sql>) {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** On PGlite the notice arrives before the commit returns; on PostgreSQL a moment later. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3000, interval: 25 });

describe(`session cache (${testDbKind})`, () => {
  it('serves a session from memory: a revocation nobody announced is not seen, an announced one is', async () => {
    const token = await login(ctx.app, DEMO.user);
    expect((await info(ctx.app, token)).status).toBe(200);
    expect(ctx.app.deps.services.sessions.cachedCount()).toBeGreaterThan(0);

    await silently(sql`update sessions set revoked_at = now() where revoked_at is null and user_id =
      (select id from users where telephone = ${DEMO.user})`);
    expect((await info(ctx.app, token)).status).toBe(200);

    // The same change made as the app makes it (triggers on) ends the session.
    await ctx.database.db.execute(sql`update sessions set revoked_at = now() - interval '1 second'
      where user_id = (select id from users where telephone = ${DEMO.user})`);
    await eventually(async () => expect((await info(ctx.app, token)).status).toBe(401));
  });

  it('logout ends the session at once on this instance and, by the notice, on another', async () => {
    const token = await login(ctx.app, DEMO.expert);
    expect((await info(ctx.app, token)).status).toBe(200);
    expect((await info(other, token)).status).toBe(200);
    expect((await call(other, 'POST', '/api/login/logout', { token })).status).toBe(200);
    expect((await info(other, token)).status).toBe(401);
    await eventually(async () => expect((await info(ctx.app, token)).status).toBe(401));
  });

  it('a disabled account or a changed role takes effect on every instance', async () => {
    const auditor = await login(ctx.app, DEMO.auditor);
    const queue = (app: FastifyInstance) => call(app, 'GET', '/api/audit/banners', { token: auditor });
    expect((await queue(ctx.app)).status).toBe(200);
    expect((await queue(other)).status).toBe(200);

    await ctx.database.db.execute(sql`update users set role = 'user' where telephone = ${DEMO.auditor}`);
    await eventually(async () => {
      expect((await queue(ctx.app)).status).toBe(403);
      expect((await queue(other)).status).toBe(403);
    });
    await ctx.database.db.execute(
      sql`update users set role = 'auditor', status = 'disabled' where telephone = ${DEMO.auditor}`,
    );
    await eventually(async () => {
      expect((await queue(ctx.app)).status).toBe(401);
      expect((await queue(other)).status).toBe(401);
    });
    await ctx.database.db.execute(sql`update users set status = 'active' where telephone = ${DEMO.auditor}`);
    await eventually(async () => expect((await queue(ctx.app)).status).toBe(200));
  });

  it("an idle verdict from memory is checked in the database, where another instance's touch may be newer", async () => {
    const token = await login(ctx.app, DEMO.admin);
    expect((await info(ctx.app, token)).status).toBe(200);
    expect((await info(other, token)).status).toBe(200);
    // Only `other` sees the user for 100 minutes; it touches last_seen_at (no notice).
    for (let i = 0; i < 5; i++) {
      time.advance(20 * 60_000);
      expect((await info(other, token)).status).toBe(200);
    }
    // 100 minutes after ctx.app last saw it, 20 after `other` did: memory says idle soon, the
    // database does not; 2 idle hours after the last touch it is over on both.
    time.advance(40 * 60_000);
    expect((await info(ctx.app, token)).status).toBe(200);
    time.advance(120 * 60_000 + 1);
    expect((await info(other, token)).status).toBe(401);
    expect((await info(ctx.app, token)).status).toBe(401);
  });
});
