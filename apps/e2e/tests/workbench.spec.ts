import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { apiCall, DEMO, signIn } from '../src/session';
import { button, label, noSidewaysScroll } from '../src/ui';

/** Screenshots for the record (/work/shots/flows, or SHOTS_DIR). */
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/flows';

describe.skipIf(!hasBrowser())('the expert and audit workbenches', () => {
  const browser = useBrowser();
  // Unique per run, so a rerun against the same data never collides on the scale code.
  const stamp = Date.now().toString(36).toUpperCase().slice(-6);
  const code = `WB${stamp}`;
  const name = `工作压力自评${stamp}`;
  let scaleId = 0;

  it('an expert writes a scale, watches the live preview, and submits it', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.expert);
    await page.goto('/expert/paper/list');
    await page.getByText('编写量表、预览计分').waitFor();
    await button(page, '新建量表').first().click();
    await page.waitForURL('**/expert/paper/detail');
    // A new scale is previewed before it is ever saved.
    await page.getByTestId('preview-result').waitFor();

    await page.getByLabel('量表名称').fill(name);
    await page.getByLabel('简称', { exact: true }).fill('WPS');
    await page.getByLabel('量表编码').fill(code);
    await page.getByRole('combobox', { name: '分类' }).fill('压力');
    await page.getByLabel('量表简介').fill('用两道题快速了解最近两周的工作压力感受，仅供自我了解。');

    await page.getByRole('tab', { name: /题目/ }).click();
    await page.getByLabel('第1题题干').fill('我觉得工作量超出了自己的承受能力');
    await page.getByRole('button', { name: /添加题目/ }).click();
    await page.getByLabel('第2题题干').fill('下班后我仍然放不下工作上的事');

    await page.getByRole('tab', { name: /计分/ }).click();
    await page.getByText('= 全部题目得分之和').waitFor();
    await page.getByRole('switch', { name: '分级表' }).click();
    await page.getByLabel('分级最高分').fill('3');
    await page.getByLabel('分级名称').fill('压力适中');
    await page.getByLabel('结果解释').fill('目前的工作压力在可以应对的范围内。');
    await page.getByLabel('建议').fill('保持规律作息，适当安排休息。');

    const raw = page.getByTestId('preview-raw');
    const band = page.getByTestId('preview-band');
    // Every item starts at its first option (完全不会 = 0).
    await expect.poll(() => raw.textContent()).toBe('0');
    await expect.poll(() => band.textContent()).toBe('压力适中');
    await page.getByTestId('preview-item-1').getByText('几乎每天').click();
    await expect.poll(() => raw.textContent()).toBe('3');

    await button(page, '保存草稿').click();
    await page.waitForURL(/\/expert\/paper\/detail\?id=\d+/);
    scaleId = Number(new URL(page.url()).searchParams.get('id'));
    // The saved copy has loaded (its code shows) and the same editor goes on: the answer
    // picked in the preview before saving is still there.
    await page.getByText(`编码 ${code}`).waitFor();
    expect(await raw.textContent()).toBe('3');
    await expect.poll(() => band.textContent()).toBe('压力适中');
    await page.getByTestId('preview-item-2').getByText('一半以上的天数').click();
    await expect.poll(() => raw.textContent()).toBe('5');
    // 5 is above the only band (0-3), so there is no conclusion.
    await expect.poll(() => band.textContent()).toBe('—');
    await page.getByRole('button', { name: '全选最后一项' }).click();
    await expect.poll(() => raw.textContent()).toBe('6');

    // Editing an option's value rescores the draft at once, without saving.
    await page.getByRole('tab', { name: /选项/ }).click();
    const lastValue = page.getByLabel('选项4分值');
    await lastValue.fill('5');
    await expect.poll(() => raw.textContent()).toBe('10');
    await lastValue.fill('4');
    await expect.poll(() => raw.textContent()).toBe('8');
    await page.getByText('有未保存的修改', { exact: false }).first().waitFor();
    expect(await page.getByText('预览仍按上次保存的版本计分').count()).toBe(0);
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/editor-live-preview-desktop.png`, fullPage: false });
    await lastValue.fill('3');
    await expect.poll(() => raw.textContent()).toBe('6');

    await button(page, '提交审核').click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: label('提交') })
      .click();
    await page.getByText('量表正在审核中，审核结束前不能修改').waitFor();
    await page.getByRole('tab', { name: /题目/ }).click();
    expect(await page.getByLabel('第1题题干').isDisabled()).toBe(true);
  });

  it(
    'the auditor rejects it with a reason, the expert sees why and resubmits, then it is approved and public',
    { timeout: 120_000 },
    async () => {
      expect(scaleId).toBeGreaterThan(0);
      const auditor = await browser.newPage();
      await signIn(auditor, DEMO.auditor);
      await auditor.goto('/audit/test/list');
      await auditor.getByRole('link', { name }).click();
      await auditor.waitForURL(`**/audit/test/detail?id=${scaleId}`);
      await auditor.getByText('我觉得工作量超出了自己的承受能力').first().waitFor();
      await auditor.getByText('总分 = 全部题目得分之和').waitFor();
      // The preview works for reviewers too.
      await expect.poll(() => auditor.getByTestId('preview-raw').textContent()).toBe('0');
      await button(auditor, '驳回').click();
      await auditor.getByText('驳回时请填写原因').waitFor();
      await auditor.getByLabel('驳回原因').fill('第2题请注明时间范围，如“最近两周”。');
      await button(auditor, '驳回').click();
      await auditor.getByText('已驳回：第2题请注明时间范围').waitFor();

      const expert = await browser.newPage();
      await signIn(expert, DEMO.expert);
      await expert.goto('/expert/paper/list');
      await expert.getByText('驳回原因：第2题请注明时间范围，如“最近两周”。').waitFor();
      await expert.getByRole('link', { name }).click();
      await expert.getByText('审核未通过：第2题请注明时间范围').waitFor();
      await expert.getByRole('tab', { name: /题目/ }).click();
      await expert.getByLabel('第2题题干').fill('最近两周，下班后我仍然放不下工作上的事');
      await button(expert, '提交审核').click();
      await expert
        .getByRole('tooltip')
        .getByRole('button', { name: label('提交') })
        .click();
      await expert.getByText('量表正在审核中，审核结束前不能修改').waitFor();

      await auditor.goto(`/audit/test/detail?id=${scaleId}`);
      await auditor.getByText('最近两周，下班后我仍然放不下工作上的事').first().waitFor();
      await button(auditor, '通过').click();
      await auditor
        .getByRole('tooltip')
        .getByRole('button', { name: label('通过') })
        .click();
      await auditor.getByText('已发布', { exact: true }).first().waitFor();

      const visitor = await browser.newPage();
      await visitor.goto(`/test/detail?id=${scaleId}`);
      await visitor.getByText(name).first().waitFor();
    },
  );

  it('a PHQ-9 with item 9 above zero raises a warning the expert follows up', async () => {
    const login = await apiCall<{ token: string }>('POST', '/api/login/login', {
      body: { telephone: '13800000022', password: 'Demo@123456' },
    });
    const token = login.data.token;
    const scales = await apiCall<{ list: { id: number; code: string }[] }>(
      'GET',
      '/api/scale/list?pageSize=50',
    );
    const phq9 = scales.data.list.find((s) => s.code === 'PHQ9')!.id;
    const start = await apiCall<{ id: number; next: string }>('POST', '/api/assessment/start', {
      token,
      body: { scaleId: phq9 },
    });
    expect(start.status, start.message).toBe(200);
    const id = start.data.id;
    if (start.data.next === 'consent')
      await apiCall('POST', `/api/assessment/${id}/consent`, { token, body: { accepted: true } });
    const info = { name: '黄一诺', gender: 'female', age: 30, regionCode: '110108', phone: null, extra: {} };
    const filled = await apiCall('POST', `/api/assessment/${id}/basic-info`, { token, body: info });
    expect(filled.status, filled.message).toBe(200);
    const positions = [2, 2, 2, 2, 1, 1, 1, 1, 2]; // total 5 (轻度), item 9 at 好几天 (value 1)
    for (const [k, position] of positions.entries()) {
      const r = await apiCall('PUT', `/api/assessment/${id}/answer`, {
        token,
        body: { part: 0, item: k + 1, position },
      });
      expect(r.status, r.message).toBe(200);
    }
    const done = await apiCall('POST', `/api/assessment/${id}/submit`, { token, body: { part: 0 } });
    expect(done.status, done.message).toBe(200);

    const page = await browser.newPage();
    await signIn(page, DEMO.expert);
    await page.goto('/expert/warning');
    await page.waitForURL('**/expert/warning/list');
    const row = page
      .getByRole('listitem')
      .filter({ hasText: '自伤/自杀意念' })
      .filter({ hasText: '黄一诺' })
      .first();
    await row.waitFor();
    expect(await row.getByText('高危').count()).toBe(1);
    expect(await row.getByText('待处理').count()).toBe(1);
    await row.getByRole('link', { name: '详情' }).click();
    await page.waitForURL(/\/expert\/warning\/detail\?id=\d+/);
    await page.getByText('还没有处理记录').waitFor();
    await page.getByText('患者健康问卷抑郁量表').first().waitFor();

    await button(page, '进度处理').click();
    await page.waitForURL(/\/expert\/warning\/status\?id=\d+/);
    await button(page, '保存记录').click();
    await page.getByText('请填写处理记录').waitFor();
    await page.getByRole('textbox').fill('已电话联系本人，情绪稳定，约定本周五面谈。');
    await button(page, '保存记录').click();
    await page.waitForURL(/\/expert\/warning\/detail\?id=\d+/);
    await page.getByText('已电话联系本人，情绪稳定，约定本周五面谈。').waitFor();
    await page.getByText(/王静怡 · 跟进中/).waitFor();

    // The report of the same assessment: the score, its band and the warning.
    await page.getByRole('link', { name: /查看测评报告/ }).click();
    await page.waitForURL(`**/expert/test/detail?id=${id}`);
    await page.getByText('轻度', { exact: true }).first().waitFor();
    await page.getByText('本次测评触发了危机干预规则').waitFor();
    await page.getByRole('link', { name: '自伤/自杀意念' }).waitFor();

    await page.goto('/expert/test/list');
    await page.getByRole('row').filter({ hasText: '黄一诺' }).first().waitFor();

    // The list's search and filters live in the URL: Back from an assessment finds it as it was.
    await page.getByLabel('搜索姓名或测评名称').fill('黄一诺');
    await page.getByLabel('搜索姓名或测评名称').press('Enter');
    await page.waitForURL(/\/expert\/test\/list\?keyword=%E9%BB%84%E4%B8%80%E8%AF%BA$/);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    // The last list stays on screen while the filtered one loads: wait for it to be replaced.
    const others = rows.filter({ hasNotText: '黄一诺' });
    await others.first().waitFor({ state: 'detached' });
    await rows.first().waitFor();
    await rows.first().getByRole('link', { name: '测评详情' }).click();
    await page.waitForURL(/\/expert\/test\/transfer\?id=\d+/);
    await page.goBack();
    await page.waitForURL(/\?keyword=/);
    expect(await page.getByLabel('搜索姓名或测评名称').inputValue()).toBe('黄一诺');
    await rows.first().waitFor();
    expect(await others.count()).toBe(0);
  });

  it('works at phone width: the editor with its preview and the warning list', async () => {
    const page = await browser.newPage({ width: 375, height: 812 });
    await signIn(page, DEMO.expert);
    await page.goto(`/expert/paper/detail?id=${scaleId}`);
    await page.getByTestId('preview-raw').waitFor();
    await noSidewaysScroll(page);
    await page.getByTestId('preview-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/editor-live-preview-phone.png` });
    await page.goto('/expert/warning/list');
    await page.getByText('预警列表', { exact: true }).first().waitFor();
    await noSidewaysScroll(page);
  });

  it('the workbench home lists what waits today, highest risk first, and leads to each item', async () => {
    const page = await browser.newPage();
    const { token } = await signIn(page, DEMO.expert);
    const today = await apiCall<{
      sections: { key: string; count: number; items: { id: number; title: string }[] }[];
    }>('GET', '/api/expert/today', { token });
    const warnings = today.data.sections.find((s) => s.key === 'warnings')!;
    expect(warnings.count).toBeGreaterThan(0);
    await page.goto('/expert/work');
    await page
      .getByText(`共有 ${today.data.sections.reduce((n, s) => n + s.count, 0)} 项事情等你处理`)
      .waitFor();
    const card = page.getByRole('link', { name: '待处理预警' });
    expect(await card.textContent()).toContain(String(warnings.count));
    for (const label of ['今日预约', '待审批报告', '转介动态', '协作邀请', '未读会话'])
      await page.getByText(label).first().waitFor();
    // The first item is the highest-level, longest-waiting warning: it opens that warning.
    await page.getByRole('link', { name: warnings.items[0]!.title }).click();
    await page.waitForURL(`**/expert/warning/detail?id=${warnings.items[0]!.id}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/expert/work');
    await page.getByText('今日预约').first().waitFor();
    await noSidewaysScroll(page);
  });

  it('keeps visitors and ordinary users out of the workbench', async () => {
    const visitor = await browser.newPage();
    await visitor.goto('/expert/work');
    await visitor.waitForURL(/\/login\?redirect=/);
    const user = await browser.newPage();
    await signIn(user, '13800000022');
    await user.goto('/audit/test/list');
    await user.getByText('无权访问').waitFor();
  });
});
