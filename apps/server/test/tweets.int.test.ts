import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tweetLikes } from '../src/modules/tweets/tweets.table';
import { users } from '../src/modules/users/users.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { png, uploadContentImage } from './content';
import { call, DEMO, loginCast } from './helpers';

let ctx: TestContext;
const t = {} as Record<'user' | 'user2' | 'expert' | 'expert2' | 'auditor', string>;
let expertId: number;
let images: string[];

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  Object.assign(t, await loginCast(ctx.app, ['user', 'user2', 'expert', 'expert2', 'auditor']));
  [{ id: expertId }] = (await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.telephone, DEMO.expert))) as [{ id: number }];
  images = [
    (await uploadContentImage(ctx.app, t.expert, await png('#1677ff'))).name,
    (await uploadContentImage(ctx.app, t.expert, await png('#fa8c16'))).name,
  ];
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

const feedIds = async (query = '', token?: string) =>
  (
    (await api('GET', `/api/tweet/${token ? 'feed' : 'list'}?pageSize=100${query}`, token)).body.data
      .list as {
      id: number;
    }[]
  ).map((x) => x.id);

async function notificationsOf(token: string) {
  await ctx.app.deps.events.drain();
  return (await api('GET', '/api/userNotification?pageSize=50', token)).body.data.list as {
    title: string;
    content: string;
    link: string | null;
  }[];
}

describe(`tweets: writing and review on ${testDbKind}`, () => {
  let id: number;

  it('saves a draft with two images that nobody else sees', async () => {
    const r = await api('POST', '/api/expert/tweets', t.expert, {
      content: '今天和大家聊聊如何应对考试焦虑：先把担心写下来。',
      images,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'draft', images, visibility: 'public', likeCount: 0 });
    id = r.body.data.id;
    expect(await feedIds()).not.toContain(id);
    expect((await api('GET', `/api/expert/tweets/${id}`, t.expert2)).status).toBe(404);
    expect((await api('POST', `/api/tweet/${id}/like`, t.user)).status).toBe(404);
  });

  it('refuses more than nine images, unknown images, empty text and the wrong role', async () => {
    const ten = await api('POST', '/api/expert/tweets', t.expert, {
      content: '十张图',
      images: Array.from({ length: 10 }, () => images[0]),
    });
    expect(ten.status).toBe(400);
    expect(ten.body.message).toBe('最多上传9张图片');
    const ghost = await api('POST', '/api/expert/tweets', t.expert, {
      content: '不存在的图',
      images: ['content-00000000-0000-4000-8000-000000000000.webp'],
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toBe('图片不存在，请重新上传');
    const empty = await api('POST', '/api/expert/tweets', t.expert, { content: '   ' });
    expect(empty.body.message).toBe('请输入动态内容');
    const long = await api('POST', '/api/expert/tweets', t.expert, { content: '字'.repeat(1001) });
    expect(long.body.message).toBe('动态内容最多1000个字');
    expect((await api('POST', '/api/expert/tweets', t.user, { content: '用户不能发' })).status).toBe(403);
  });

  it('goes through review: rejected with a reason, the expert told, then approved and published', async () => {
    const sub = await api('POST', `/api/expert/tweets/${id}/submit`, t.expert);
    expect(sub.body.data.status).toBe('pending');
    expect((await api('POST', `/api/expert/tweets/${id}/submit`, t.expert)).status).toBe(409);
    const locked = await api('PUT', `/api/expert/tweets/${id}`, t.expert, { content: '改一下', images });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('审核中的动态不能修改');

    const inbox = await api('GET', '/api/audit/inbox?kind=tweet&pageSize=100', t.auditor);
    expect(inbox.body.data.list.find((r: { itemId: number }) => r.itemId === id)).toMatchObject({
      kind: 'tweet',
      itemId: id,
      link: `/audit/tweet/detail?id=${id}`,
    });
    const list = await api('GET', '/api/audit/tweets', t.auditor);
    expect(list.body.data.list.map((x: { id: number }) => x.id)).toContain(id);
    expect(list.body.data.counts.pending).toBeGreaterThanOrEqual(1);
    const detail = await api('GET', `/api/audit/tweets/${id}`, t.auditor);
    expect(detail.body.data).toMatchObject({ id, images, author: { id: expertId } });
    expect((await api('GET', '/api/audit/tweets', t.expert)).status).toBe(403);

    const noReason = await api('POST', `/api/audit/tweets/${id}/review`, t.auditor, { approve: false });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请填写驳回原因');
    const rej = await api('POST', `/api/audit/tweets/${id}/review`, t.auditor, {
      approve: false,
      reason: '请补充参考资料来源',
    });
    expect(rej.status, rej.body.message).toBe(200);
    const mine = await api('GET', `/api/expert/tweets/${id}`, t.expert);
    expect(mine.body.data).toMatchObject({ status: 'rejected', rejectReason: '请补充参考资料来源' });
    const told = await notificationsOf(t.expert);
    expect(told[0]).toMatchObject({ title: '动态未通过审核', link: `/expert/tweet/detail?id=${id}` });
    expect(told[0]!.content).toContain('请补充参考资料来源');
    expect(await feedIds()).not.toContain(id);

    const edited = await api('PUT', `/api/expert/tweets/${id}`, t.expert, {
      content: '今天和大家聊聊如何应对考试焦虑（参考：《焦虑自助手册》）。',
      images,
    });
    expect(edited.body.data.status).toBe('rejected');
    await api('POST', `/api/expert/tweets/${id}/submit`, t.expert);
    const ok = await api('POST', `/api/audit/tweets/${id}/review`, t.auditor, { approve: true });
    expect(ok.body.message).toBe('已通过，动态已发布');
    expect((await api('GET', `/api/expert/tweets/${id}`, t.expert)).body.data).toMatchObject({
      status: 'published',
      rejectReason: null,
    });
    expect((await notificationsOf(t.expert))[0]).toMatchObject({ title: '动态已发布' });
    const again = await api('POST', `/api/audit/tweets/${id}/review`, t.auditor, { approve: true });
    expect(again.status).toBe(409);

    // On the expert's page and in the home feed.
    expect(await feedIds(`&expertId=${expertId}`)).toContain(id);
    expect(await feedIds()).toContain(id);
    const card = (await api('GET', '/api/tweet/list?pageSize=1')).body.data.list[0];
    expect(card).toMatchObject({ id, images, author: { id: expertId, name: expect.any(String) } });
  });

  it('counts one like per account, whatever is sent, and shows the expert the counts', async () => {
    const first = await api('POST', `/api/tweet/${id}/like`, t.user);
    expect(first.body.data).toEqual({ liked: true, likeCount: 1 });
    const twice = await api('POST', `/api/tweet/${id}/like`, t.user);
    expect(twice.body.data).toEqual({ liked: true, likeCount: 1 });
    // At once from one account: still one.
    await Promise.all([1, 2, 3].map(() => api('POST', `/api/tweet/${id}/like`, t.user2)));
    const [{ n }] = (await ctx.database.db
      .select({ n: count() })
      .from(tweetLikes)
      .where(eq(tweetLikes.tweetId, id))) as [{ n: number }];
    expect(n).toBe(2);
    const liked = await api('GET', `/api/tweet/liked?ids=${id},999`, t.user);
    expect(liked.body.data).toEqual([id]);
    expect((await api('GET', '/api/tweet/liked?ids=abc', t.user)).body.message).toBe('动态编号不正确');
    expect((await api('POST', `/api/tweet/${id}/like`)).status).toBe(401);

    const mine = await api('GET', '/api/expert/tweets', t.expert);
    expect(mine.body.data.list.find((x: { id: number }) => x.id === id).likeCount).toBe(2);
    expect(mine.body.data.totalLikes).toBeGreaterThanOrEqual(2);
    expect(mine.body.data.counts.published).toBeGreaterThanOrEqual(1);

    const un = await api('DELETE', `/api/tweet/${id}/like`, t.user);
    expect(un.body.data).toEqual({ liked: false, likeCount: 1 });
    const unTwice = await api('DELETE', `/api/tweet/${id}/like`, t.user);
    expect(unTwice.body.data).toEqual({ liked: false, likeCount: 1 });
    const rows = await ctx.database.db
      .select()
      .from(tweetLikes)
      .where(and(eq(tweetLikes.tweetId, id), eq(tweetLikes.userId, (await me(t.user)).id)));
    expect(rows).toHaveLength(0);
  });

  it('shows tweets for signed-in users only to them; withdrawing takes a tweet off the feeds', async () => {
    const r = await api('POST', '/api/expert/tweets', t.expert2, {
      content: '仅登录用户可见的动态',
      visibility: 'users',
    });
    const hidden = r.body.data.id as number;
    await api('POST', `/api/expert/tweets/${hidden}/submit`, t.expert2);
    await api('POST', `/api/audit/tweets/${hidden}/review`, t.auditor, { approve: true });
    expect(await feedIds()).not.toContain(hidden);
    expect(await feedIds('', t.user)).toContain(hidden);
    // One tweet by its number (a search hit's link) follows the same rules.
    const one = await api('GET', `/api/tweet/detail/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id, author: { id: expertId } });
    expect(one.body.data.images).toHaveLength(2);
    const forVisitor = await api('GET', `/api/tweet/detail/${hidden}`);
    expect(forVisitor.status).toBe(404);
    expect(forVisitor.body.message).toBe('动态不存在');
    expect((await api('GET', `/api/tweet/detail/${hidden}`, 'not-a-token')).status).toBe(404);
    expect((await api('GET', `/api/tweet/detail/${hidden}`, t.user)).body.data.id).toBe(hidden);

    const w = await api('POST', `/api/expert/tweets/${id}/withdraw`, t.expert);
    expect(w.body.data.status).toBe('draft');
    expect(await feedIds()).not.toContain(id);
    expect((await api('GET', `/api/tweet/detail/${id}`)).status).toBe(404);
    expect((await api('GET', `/api/tweet/detail/${id}`, t.expert)).status).toBe(404);
    expect((await api('POST', `/api/tweet/${id}/like`, t.user)).status).toBe(404);
    expect((await api('DELETE', `/api/expert/tweets/${id}`, t.expert2)).status).toBe(404);
    expect((await api('DELETE', `/api/expert/tweets/${id}`, t.expert)).status).toBe(200);
    expect((await api('GET', `/api/expert/tweets/${id}`, t.expert)).status).toBe(404);
  });
});

async function me(token: string) {
  return (await api('GET', '/api/userinfo/info', token)).body.data as { id: number };
}
