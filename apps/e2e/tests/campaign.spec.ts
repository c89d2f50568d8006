import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { apiCall, DEMO, latestSmsCode, putSession, signIn } from '../src/session';
import { answerAll, fillBasicInfo } from '../src/taking';
import { shot } from '../src/ui';

const INSTITUTION = '杭州暖阳企业员工关爱中心';
const phoneOf = (i: number) => `1372000${String(i).padStart(4, '0')}`;
/** 研发中心's HR partner: an account the auditor makes by naming its phone. */
const STAFF_PHONE = '13720009999';

/** 30 employees of 研发中心: 平台部 (two teams) and 产品部. */
async function roster(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('名单');
  ws.addRow(['姓名', '手机号', '学号/工号', '单位', '性别', '出生年份']);
  for (let i = 1; i <= 30; i++) {
    const unit = i <= 20 ? `研发中心/平台部/${(i % 2) + 1}组` : '研发中心/产品部';
    ws.addRow([`员工${i}`, phoneOf(i), `HZ${String(i).padStart(4, '0')}`, unit, i % 2 ? '男' : '女', 1990]);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roster-')), '员工名单.xlsx');
  await wb.xlsx.writeFile(file);
  return file;
}

/** Signs a page in by SMS code, as a member on the roster (no password) would. */
async function smsSignIn(
  browser: { newPage: (viewport?: { width: number; height: number }) => Promise<Page> },
  telephone: string,
  phone = false,
) {
  const page = await browser.newPage(phone ? { width: 390, height: 844 } : undefined);
  const sent = await apiCall('POST', '/api/login/send', { body: { telephone, type: 'login' } });
  expect(sent.status, sent.message).toBe(200);
  const r = await apiCall<{ token: string; userinfo: unknown }>('POST', '/api/login/sms', {
    body: { telephone, code: await latestSmsCode(telephone) },
  });
  expect(r.status, r.message).toBe(200);
  await putSession(page, r.data);
  return page;
}

/** A member takes the campaign from 我的筛查: its consent, then the ordinary flow. */
async function takeIt(page: Page, name: string, option: string) {
  await page.goto('/user/center');
  const card = page.locator('.ant-card').filter({ hasText: '我的筛查' });
  await card.getByText('员工心理健康季度筛查').waitFor();
  await card.getByRole('button', { name: '开始筛查' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('结果严格保密').waitFor();
  await dialog.getByText('我已阅读并同意以上内容').click();
  await dialog.getByRole('button', { name: '同意并开始' }).click();
  await page.waitForURL('**/combit/consent?aid=*');
  await page.getByText('我已阅读并同意').click();
  await page.getByRole('button', { name: '同意并继续' }).click();
  await page.waitForURL('**/combit/userForm?aid=*');
  await fillBasicInfo(page, name);
  await page.waitForURL('**/test/steps?aid=*');
  await page.getByRole('button', { name: '开始答题', exact: true }).click();
  await page.waitForURL('**/test/question?aid=*');
  await answerAll(page, 9, option);
  const submitted = page.waitForResponse((r) => /\/api\/assessment\/\d+\/submit$/.test(r.url()));
  await page.getByRole('button', { name: '提交答案' }).click();
  expect((await submitted).status()).toBe(200);
  await page.waitForURL('**/test/pay?aid=*');
}

/** Publishes the draft open on the page, which tells `people` members. */
async function publish(audit: Page, people: number) {
  // The draft's page may still be settling after the form closed: click until the confirm shows.
  const confirmText = audit.getByText(`将通知 ${people} 位成员`);
  await expect
    .poll(
      async () => {
        if (!(await confirmText.isVisible())) await audit.getByRole('button', { name: /发布/ }).click();
        return confirmText.isVisible();
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBe(true);
  await audit
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^发\s*布$/ })
    .click();
  await audit.getByText(new RegExp(`活动已发布，已通知 ${people} 人`)).waitFor();
}

describe.skipIf(!hasBrowser())('screening campaigns', () => {
  const browser = useBrowser();

  it(
    'an auditor opens a campaign for a roster of 30; two members take it; unit staff follow completion and risk without answers',
    { timeout: 480_000 },
    async () => {
      // ---- the auditor: roster, unit staff, campaign ----
      const audit = await browser.newPage({ width: 1366, height: 900 });
      const auditToken = (await signIn(audit, DEMO.auditor)).token;
      await audit.goto('/audit/org/units');
      await audit.getByLabel('机构').click();
      await audit.locator('.ant-select-item-option', { hasText: INSTITUTION }).click();
      await audit.getByRole('tab', { name: '导入名单' }).click();
      await audit.locator('input[type=file]').setInputFiles(await roster());
      await audit.getByText(/新增 30 人/).waitFor();
      await audit.getByRole('treeitem', { name: /研发中心/ }).click();
      await audit.getByRole('tab', { name: '负责人' }).click();
      await audit.getByPlaceholder('负责人手机号').fill(STAFF_PHONE);
      await audit.getByRole('button', { name: '添加负责人' }).click();
      await audit.getByText('负责人已添加').waitFor();

      await audit.locator('aside').getByRole('link', { name: '筛查活动' }).click();
      await audit.waitForURL('**/audit/campaign/list');
      await expect.poll(() => audit.title()).toContain('筛查活动');
      await audit.getByRole('button', { name: /新建活动/ }).click();
      const form = audit.getByRole('dialog');
      await form.getByLabel('机构').click();
      await audit.locator('.ant-select-item-option', { hasText: INSTITUTION }).click();
      await form.getByLabel('活动名称').fill('员工心理健康季度筛查');
      await form.getByText('单个量表').click();
      await form.getByLabel('量表', { exact: true }).click();
      await audit.locator('.ant-select-item-option', { hasText: '患者健康问卷抑郁量表' }).click();
      await form.getByLabel('参与单位').click();
      await audit.locator('.ant-select-tree-node-content-wrapper', { hasText: /^研发中心$/ }).click();
      await form
        .getByLabel('知情同意书')
        .fill('本次筛查由 EAP 中心组织，结果严格保密：部门负责人只能看到是否完成和需要关注的程度。');
      await shot(audit, 'campaign-form');
      await form.getByRole('button', { name: '创建草稿' }).click();
      await audit.waitForURL('**/audit/campaign/detail?id=*');
      const campaignId = Number(new URL(audit.url()).searchParams.get('id'));
      await audit.locator('.ant-tag').getByText('草稿', { exact: true }).first().waitFor();
      await publish(audit, 30);
      await audit.getByText('进行中', { exact: true }).first().waitFor();
      await audit
        .getByRole('row', { name: /研发中心/ })
        .getByText('0/30')
        .waitFor();

      // ---- two members take it, one at phone width; one answers with severe symptoms ----
      const low = await smsSignIn(browser, phoneOf(1));
      await takeIt(low, '员工一', '完全不会');
      const high = await smsSignIn(browser, phoneOf(2), true);
      await takeIt(high, '员工二', '几乎每天');
      await shot(high, 'campaign-member-result-phone');
      // Done: 我的筛查 says so.
      await high.goto('/user/center');
      await high.locator('.ant-card').filter({ hasText: '我的筛查' }).getByText('已完成').waitFor();

      // The auditor's open page follows on its own (it refreshes every 15 s).
      await audit
        .getByRole('row', { name: /研发中心/ })
        .getByText('2/30')
        .waitFor({ timeout: 30_000 });
      await shot(audit, 'campaign-audit-detail');
      await audit
        .getByRole('row', { name: /研发中心/ })
        .getByRole('button', { name: '未完成名单' })
        .click();
      const pending = audit.locator('.ant-drawer');
      await pending.getByText('共 28 人').waitFor();
      expect(await pending.getByText('员工1', { exact: true }).count()).toBe(0);

      // ---- unit staff: completion and risk level, never answers or scores ----
      const staff = await smsSignIn(browser, STAFF_PHONE);
      await staff.goto('/user/center');
      await staff.getByRole('button', { name: /查看完成情况/ }).click();
      await staff.waitForURL('**/org/campaign/list');
      await staff.getByRole('button', { name: '查看进度' }).click();
      await staff.waitForURL(`**/org/campaign/detail?id=${campaignId}`);
      await staff
        .getByRole('row', { name: /研发中心/ })
        .getByText('2/30')
        .waitFor();
      await staff
        .getByRole('row', { name: /研发中心/ })
        .getByRole('button', { name: /^成\s*员$/ })
        .click();
      const members = staff.locator('.ant-drawer');
      await members.getByText('共 30 人').waitFor();
      const row = members.getByRole('row', { name: /员工2(?!\d)/ });
      await row.getByText('高危').waitFor();
      await row.getByText('已完成').waitFor();
      await members
        .getByRole('row', { name: /员工1(?!\d)/ })
        .getByText('已完成')
        .waitFor();
      await shot(staff, 'campaign-staff-members');
      // No score, band or answer reaches the page.
      const text = (await members.textContent()) ?? '';
      expect(text).not.toMatch(/\d+\s*分|重度|中度|几乎每天/);
      // Another campaign id (and the auditor's pages) answer as missing for staff.
      const foreign = await apiCall('GET', `/api/org/my/campaigns/${campaignId + 1000}`, {
        token: await staff.evaluate(() => localStorage.getItem('userToken') ?? ''),
      });
      expect(foreign.status).toBe(404);
      await staff.goto(`/audit/campaign/detail?id=${campaignId}`);
      await staff.getByText('无权访问').waitFor();

      // ---- after the screening: the warning reaches the staff with a deadline; they record the first contact ----
      await staff.goto('/org/warning/list');
      await expect.poll(() => staff.title()).toContain('需要联系的成员');
      const warned = staff.getByRole('listitem').filter({ hasText: /员工2(?!\d)/ });
      await warned.first().waitFor();
      await warned.first().getByText('高危').waitFor();
      // One row per person, however many of their answers raised a warning.
      expect(await warned.count()).toBe(1);
      await warned
        .first()
        .getByText(/研发中心负责，请于 .* 前联系/)
        .waitFor();
      await shot(staff, 'campaign-staff-warnings');
      const before = await apiCall<{ total: { contacted: number; raised: number } }>(
        'GET',
        `/api/audit/campaigns/${campaignId}/outcomes`,
        { token: auditToken },
      );
      expect(before.data.total.contacted).toBe(0);
      expect(before.data.total.raised).toBeGreaterThan(0);
      await warned.first().getByRole('button', { name: '记录首次联系' }).click();
      const contact = staff.getByRole('dialog');
      await contact.getByLabel('联系情况').fill('已电话联系本人，情绪平稳，已约心理中心老师面谈');
      await contact.getByRole('button', { name: /^保\s*存$/ }).click();
      await staff.getByText('已记录首次联系').waitFor();
      // Every warning of 员工2 is answered by the one contact: none is left to contact.
      await staff.getByText('没有待联系的成员').waitFor();

      // The centre's expert (of the members' institution) sees the full result.
      const expert = await smsSignIn(browser, '13800000014');
      await expert.goto('/expert/warning/list');
      await expert
        .getByText(/员工(2|二)/)
        .first()
        .waitFor();
      await expert.getByRole('link', { name: '详情' }).first().click();
      await expert.waitForURL('**/expert/warning/detail?id=*');
      await expert.getByText('预警原因').waitFor();
      await expert.getByText('患者健康问卷抑郁量表').first().waitFor();

      // The outcome figures move: one person contacted, within 24 hours.
      const after = await apiCall<{
        total: { contacted: number; contactedWithin24h: number; raised: number };
      }>('GET', `/api/audit/campaigns/${campaignId}/outcomes`, { token: auditToken });
      expect(after.data.total.contacted).toBe(after.data.total.raised);
      expect(after.data.total.contactedWithin24h).toBe(after.data.total.raised);
      await audit.reload();
      await audit.getByText('预警与处置成效').waitFor();
      await audit.getByText('已联系', { exact: true }).first().waitFor();
      await shot(audit, 'campaign-audit-outcomes');

      // At phone width the staff page does not scroll sideways.
      const phone = await browser.newPage({ width: 390, height: 844 });
      await putSession(phone, {
        token: await staff.evaluate(() => localStorage.getItem('userToken') ?? ''),
        userinfo: JSON.parse(await staff.evaluate(() => localStorage.getItem('userInfo') ?? '{}')) as unknown,
      });
      await phone.goto(`/org/campaign/detail?id=${campaignId}`);
      await phone.getByText('我负责单位的完成情况').waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // ---- a re-test for the person with a warning: only they are told, and only they see it ----
      await audit.goto(`/audit/campaign/detail?id=${campaignId}`);
      await audit.getByRole('button', { name: /安排复测/ }).click();
      const retest = audit.getByRole('dialog');
      await retest.getByRole('cell', { name: '员工2', exact: true }).waitFor();
      await shot(audit, 'campaign-retest-form');
      await retest.getByRole('button', { name: /创建复测（1 人）/ }).click();
      await audit.waitForURL((u) => u.searchParams.get('id') !== String(campaignId));
      await audit.getByText('员工心理健康季度筛查·复测').first().waitFor();
      await audit.getByText(/原筛查中有预警的\s*1\s*人/).waitFor();
      await publish(audit, 1);
      await high.goto('/user/center');
      await high
        .locator('.ant-card')
        .filter({ hasText: '我的筛查' })
        .getByText('员工心理健康季度筛查·复测')
        .waitFor();
      const lowToken = await low.evaluate(() => localStorage.getItem('userToken') ?? '');
      const lowMine = await apiCall<{ title: string }[]>('GET', '/api/campaigns/mine', { token: lowToken });
      expect(lowMine.data.map((c) => c.title)).toEqual(['员工心理健康季度筛查']);
      // The screening lists its re-test with its completion.
      await audit.goto(`/audit/campaign/detail?id=${campaignId}`);
      await audit.getByRole('link', { name: '员工心理健康季度筛查·复测' }).waitFor();
      await shot(audit, 'campaign-retest-listed');
      // The auditors' workbench shows the open screenings with their completion.
      await audit.goto('/audit/work');
      const open = audit.locator('.ant-card').filter({ hasText: '进行中的筛查' });
      await open.getByText('员工心理健康季度筛查·复测').waitFor();
      await open.getByText('员工心理健康季度筛查', { exact: true }).waitFor();
      await shot(audit, 'campaign-audit-work');
      await audit.goto(`/audit/campaign/detail?id=${campaignId}`);
      // The centre opens the person's record from the warning list: results, warnings, trend.
      await audit.getByRole('link', { name: '心理档案' }).first().click();
      await audit.waitForURL('**/audit/archives/record?userId=*');
      await audit
        .getByText(/完成测评《/)
        .first()
        .waitFor();
      await shot(audit, 'campaign-audit-record');
    },
  );
});
