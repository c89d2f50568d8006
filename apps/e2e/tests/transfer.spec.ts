import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { pickSearched } from '../src/select';
import { apiCall, DEMO, signIn, tokenOf } from '../src/session';
import { button, label, noSidewaysScroll, shot } from '../src/ui';
import { takeWho5 } from '../src/taking';

const RECEIVER = '13800000012';

describe.skipIf(!hasBrowser())('a transfer across three parties', () => {
  const browser = useBrowser();
  const t = {} as Record<'user' | 'expert' | 'receiver' | 'auditor', string>;
  const ids = {} as Record<'expert' | 'user', number>;

  beforeAll(async () => {
    if (!hasBrowser()) return;
    t.user = await tokenOf(DEMO.user);
    t.expert = await tokenOf(DEMO.expert);
    t.receiver = await tokenOf(RECEIVER);
    t.auditor = await tokenOf(DEMO.auditor);
    ids.user = (await apiCall<{ id: number }>('GET', '/api/userinfo/info', { token: t.user })).data.id;
    ids.expert = (await apiCall<{ id: number }>('GET', '/api/userinfo/info', { token: t.expert })).data.id;
    await takeWho5(t.user);
  });

  // Other specs share this server: the demo user goes back to the demo expert the same way.
  afterAll(async () => {
    if (!hasBrowser() || !t.receiver) return;
    const back = await apiCall<{ id: number }>('POST', '/api/expert/transfers', {
      token: t.receiver,
      body: {
        userId: ids.user,
        toExpertId: ids.expert,
        reason: '端到端测试结束，转回原负责专家',
        summary: '端到端测试产生的转介，转回原负责专家继续跟进。',
      },
    });
    if (back.status !== 200) return;
    await apiCall('POST', `/api/user/transfers/${back.data.id}/confirm`, { token: t.user });
    await apiCall('POST', `/api/audit/transfers/${back.data.id}/review`, {
      token: t.auditor,
      body: { approve: true },
    });
  });

  it(
    'the expert proposes, the user confirms in their centre, the auditor approves, the receiver sees the person',
    { timeout: 240_000 },
    async () => {
      // ---- the demo expert proposes ----
      const expert = await browser.newPage();
      await signIn(expert, DEMO.expert);
      await expert.goto('/expert/work');
      await expert
        .getByRole('navigation', { name: '专家工作台' })
        .or(expert.locator('aside'))
        .first()
        .waitFor();
      await expert.locator('aside').getByRole('link', { name: '转介管理' }).click();
      await expert.waitForURL('**/expert/archives/transferList');
      await expert.getByText('把您服务的用户转给更合适的专家').waitFor();
      expect(await expert.title()).toContain('转介管理');
      await shot(expert, 'expert-list-before');
      await button(expert, '发起转介').first().click();
      const dialog = expert.getByRole('dialog');
      await pickSearched(expert, dialog.getByLabel('转介用户', { exact: true }), '张小雨');
      await pickSearched(expert, dialog.getByLabel('接收专家', { exact: true }), '刘文博');
      await dialog.getByLabel('转介原因').fill('用户近期搬到广州工作，希望就近面谈');
      await dialog
        .getByLabel('给接收专家的情况摘要')
        .fill('近两个月睡眠差、情绪低落；已面谈两次，建议继续每周一次面谈，关注睡眠。');
      await shot(expert, 'expert-propose-form');
      await button(dialog, '发起转介').click();
      await expert.waitForURL(/\/expert\/archives\/transferDetail\?id=\d+/);
      const id = Number(new URL(expert.url()).searchParams.get('id'));
      await expert.getByText('等待用户确认。用户同意后交由平台审核。').waitFor();
      await expert.getByTestId('transfer-summary').waitFor();
      await shot(expert, 'expert-detail-requested');

      // ---- the user confirms in their centre, on a phone ----
      const user = await browser.newPage({ width: 375, height: 812 });
      await signIn(user, DEMO.user);
      await user.goto('/user/center');
      await user.getByRole('link', { name: '用户确认' }).click();
      await user.waitForURL('**/user/userConfirm/list');
      const card = user.getByTestId('user-transfer').filter({ hasText: '等待您确认' });
      await card.waitFor();
      expect(await card.textContent()).toContain(
        '王静怡 老师建议转介给 刘文博 老师（广州晴川医院临床心理科）',
      );
      await noSidewaysScroll(user);
      await shot(user, 'user-list-phone');
      await card.getByRole('button', { name: /查看并确认/ }).click();
      await user.waitForURL(`**/user/userConfirm/detail?id=${id}`);
      await user.getByText('同意后会发生什么').waitFor();
      await user.getByText('您的权利').waitFor();
      expect(await user.getByTestId('transfer-reason').textContent()).toBe(
        '用户近期搬到广州工作，希望就近面谈',
      );
      // What the expert wrote for the receiver is not on the person's page.
      expect(await user.getByText('近两个月睡眠差').count()).toBe(0);
      await noSidewaysScroll(user);
      await shot(user, 'user-detail-phone');
      await button(user, '同意转介').click();
      await button(user, '同意').last().click();
      await user.getByText('您已同意，正在等待平台审核').waitFor();
      await shot(user, 'user-detail-confirmed-phone');

      // The same pages at desktop width, for the record.
      const wide = await browser.newPage();
      await signIn(wide, DEMO.user);
      await wide.goto('/user/userConfirm/list');
      await wide.getByTestId('user-transfer').first().waitFor();
      await shot(wide, 'user-list');
      await wide.goto(`/user/userConfirm/detail?id=${id}`);
      await wide.getByText('您已同意，正在等待平台审核').waitFor();
      await shot(wide, 'user-detail');

      // ---- the auditor approves ----
      const auditor = await browser.newPage();
      await signIn(auditor, DEMO.auditor);
      await auditor.goto('/audit/work');
      await auditor.locator('aside').getByRole('link', { name: '用户转介' }).click();
      await auditor.waitForURL('**/audit/archives/list');
      const row = auditor.getByRole('listitem').filter({ hasText: '张小雨：王静怡 → 刘文博' });
      await row.waitFor();
      await shot(auditor, 'audit-list');
      await row.getByRole('link', { name: '审核' }).click();
      await auditor.waitForURL(`**/audit/archives/detail?id=${id}`);
      await auditor.getByTestId('transfer-summary').waitFor();
      await shot(auditor, 'audit-detail');
      await button(auditor, '通过').first().click();
      await auditor
        .locator('.ant-popconfirm')
        .getByRole('button', { name: label('通过') })
        .click();
      await auditor.getByText('已通过，转介已生效').first().waitFor();
      await shot(auditor, 'audit-detail-approved');

      // ---- the receiving expert sees the person and their history ----
      const receiver = await browser.newPage();
      await signIn(receiver, RECEIVER);
      await receiver.goto('/expert/archives/transferList?tab=incoming');
      const incoming = receiver.getByRole('listitem').filter({ hasText: '张小雨' });
      await incoming.getByText('已转介').waitFor();
      await shot(receiver, 'receiver-list');
      await incoming.getByRole('link', { name: '查看' }).click();
      await receiver.waitForURL(`**/expert/archives/transferDetail?id=${id}`);
      await receiver.getByText('转介已生效：您现在负责跟进该用户').waitFor();
      const history = receiver.locator('.ant-card').filter({ hasText: '张小雨的测评记录' });
      await history.getByText('世界卫生组织五项幸福感指数').first().waitFor();
      await shot(receiver, 'receiver-detail');
      await history.getByRole('link', { name: '查看作答' }).first().click();
      await receiver.waitForURL(/\/expert\/test\/transfer\?id=\d+/);
      // The assessment detail itself (the experts' own view), not the page left behind.
      await receiver.getByText('张小雨 的测评 · 已完成').waitFor();
      await receiver.getByText('基本信息').first().waitFor();
      await shot(receiver, 'receiver-assessment');

      // The proposer's list shows it in effect.
      await expert.goto('/expert/archives/transferList');
      await expert.getByRole('listitem').filter({ hasText: '张小雨' }).first().getByText('已转介').waitFor();
      await shot(expert, 'expert-list-after');
    },
  );
});
