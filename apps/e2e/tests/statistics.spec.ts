import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { DEMO, signIn } from '../src/session';
import { answerAll, fillBasicInfo } from '../src/taking';

describe.skipIf(!hasBrowser())('statistics: the big screen and the data centre', () => {
  const browser = useBrowser();

  it(
    'the expert opens the big screen in a new window and a new warning appears on it without a reload',
    { timeout: 120_000 },
    async () => {
      const workbench = await browser.newPage({ width: 1920, height: 1080 });
      await signIn(workbench, DEMO.expert);
      await workbench.goto('/expert/work');
      await workbench.getByRole('link', { name: '统计图表' }).first().click();
      await workbench.waitForURL('**/expert/echartMap');
      const [screen] = await Promise.all([
        workbench.context().waitForEvent('page'),
        workbench.getByRole('button', { name: /在新窗口打开预警大屏/ }).click(),
      ]);
      await screen.waitForURL('**/echartMap');
      await screen.getByRole('heading', { name: '心理预警大屏' }).waitFor();
      await screen.getByTestId('screen-status').getByText('实时连接').waitFor();
      // The demo data fills the screen for the expert's own people.
      await screen
        .getByRole('region', { name: '全国预警分布（近30天）' })
        .locator('canvas')
        .first()
        .waitFor();
      await screen.getByText('我的来访者', { exact: true }).waitFor();
      // Marks this page load: a reload would lose it.
      await screen.evaluate(() => ((window as unknown as { loaded: number }).loaded = 1));

      // 张小雨 (the expert's institution) takes PHQ-9 in another browser, item 9 above zero.
      const user = await browser.newPage();
      await signIn(user, DEMO.user);
      await user.goto('/app/website');
      await user.getByRole('link', { name: '患者健康问卷抑郁量表' }).first().click();
      await user.getByRole('button', { name: '开始测评' }).click();
      await user.waitForURL('**/combit/consent?aid=*');
      await user.getByText('我已阅读并同意').click();
      await user.getByRole('button', { name: '同意并继续' }).click();
      await user.waitForURL('**/combit/userForm?aid=*');
      await fillBasicInfo(user, '司马晓');
      // The steps page, not the form's own 保存并开始答题 button still on screen.
      await user.waitForURL('**/test/steps?aid=*');
      await user.getByRole('button', { name: '开始答题', exact: true }).click();
      await user.waitForURL('**/test/question?aid=*');
      await answerAll(user, 9, '好几天');
      const submitted = user.waitForResponse((r) => /\/api\/assessment\/\d+\/submit$/.test(r.url()));
      await user.getByRole('button', { name: '提交答案' }).click();
      expect((await submitted).status()).toBe(200);
      const at = Date.now();

      const tick = screen
        .getByTestId('screen-ticker')
        .getByRole('listitem')
        .filter({ hasText: '司**' })
        .filter({ hasText: '自伤/自杀意念' });
      await tick.waitFor({ timeout: 5000 });
      expect(Date.now() - at).toBeLessThan(2000);
      expect(await tick.textContent()).toContain('北京市');
      expect(await tick.textContent()).toContain('三级');
      expect(await screen.evaluate(() => (window as unknown as { loaded?: number }).loaded)).toBe(1);
      // Only the masked name ever reaches the screen.
      expect(await screen.getByText('司马晓').count()).toBe(0);
    },
  );

  it(
    'the auditor reaches both pages from the audit workbench, over the whole platform',
    { timeout: 120_000 },
    async () => {
      const workbench = await browser.newPage({ width: 1366, height: 900 });
      await signIn(workbench, DEMO.auditor);
      await workbench.goto('/audit/work');
      await workbench.getByRole('link', { name: '统计图表' }).first().click();
      await workbench.waitForURL('**/audit/echartMap');
      await workbench.getByText('查看全平台的预警态势与测评数据').waitFor();
      const [screen] = await Promise.all([
        workbench.context().waitForEvent('page'),
        workbench.getByRole('button', { name: /在新窗口打开预警大屏/ }).click(),
      ]);
      await screen.waitForURL('**/echartMap');
      await screen.getByRole('heading', { name: '心理预警大屏' }).waitFor();
      await screen.getByText('数据范围：全平台').waitFor();
      // The open screening campaigns, live: the demo one at 上海青禾 (30 students on its roster).
      const campaign = screen
        .getByRole('region', { name: '筛查活动进度' })
        .getByRole('listitem', { name: '2026 级新生心理健康普查' });
      await campaign.getByText(/^完成 \d+\/30$/).waitFor();
      expect(await campaign.textContent()).toContain('上海青禾大学生心理健康服务站');
      expect(await campaign.getByRole('progressbar').getAttribute('aria-valuenow')).toMatch(/^\d+(\.\d)?$/);
      await workbench.getByRole('button', { name: '进入测试数据中心' }).click();
      await workbench.waitForURL('**/expertEchart');
      await workbench.getByRole('heading', { name: '测试数据中心' }).waitFor();
      await workbench.getByText(/ · 全平台$/).waitFor();
    },
  );

  it('the data centre filters by scale and exports the Excel file', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signIn(page, DEMO.expert);
    await page.goto('/expertEchart');
    await page.getByRole('heading', { name: '测试数据中心' }).waitFor();
    const scale = page.getByLabel('量表', { exact: true });
    await scale.click();
    await scale.fill('患者健康问卷');
    await page.locator('.ant-select-item-option', { hasText: '患者健康问卷抑郁量表' }).click();
    const bands = page.getByTestId('chart-bands');
    await bands.getByText('结果分级分布（PHQ-9）').waitFor();
    await bands.locator('canvas').first().waitFor();
    // The figures under the chart: one row per band.
    await bands.getByRole('cell', { name: '轻度', exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出 Excel/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('PHQ-9');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['测评编号', '测评名称', '姓名', '手机号']);
    expect(header).toContain('第9题');
    expect(sheet.rowCount).toBeGreaterThan(2);
    const names: string[] = [];
    const phones: string[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      names.push(String(row.getCell(3).value));
      phones.push(String(row.getCell(4).value));
    });
    // An expert's export never holds a whole name or phone number.
    for (const name of names) expect(name).toMatch(/^.\*+$/);
    for (const phone of phones) expect(phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    await page.getByText('数据已导出').waitFor();
  });
});
