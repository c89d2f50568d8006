import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { DEMO, signIn } from '../src/session';
import { button, shot } from '../src/ui';

/** A roster of `n` students of 心理学院/2026级, in three classes, written as the template has it. */
async function roster(n: number, bad = false): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('名单');
  ws.addRow(['姓名', '手机号', '学号/工号', '单位', '性别', '出生年份']);
  for (let i = 1; i <= n; i++)
    ws.addRow([
      `测试学生${i}`,
      bad && i === 2 ? '1234' : `1370000${String(i).padStart(4, '0')}`,
      `E2E${String(i).padStart(4, '0')}`,
      `心理学院/2026级/${(i % 3) + 1}班`,
      i % 2 ? '男' : '女',
      2008,
    ]);
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'roster-')),
    bad ? '名单-有误.xlsx' : '名单.xlsx',
  );
  await wb.xlsx.writeFile(file);
  return file;
}

async function addUnit(page: Page, name: string, kind: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder(/心理学院/).fill(name);
  await dialog.getByPlaceholder(/学院、年级/).fill(kind);
  await button(dialog, '保存').click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.skipIf(!hasBrowser())('organisation units and rosters', () => {
  const browser = useBrowser();

  it(
    'the auditor builds units, imports a roster of 30 and sees the members',
    { timeout: 240_000 },
    async () => {
      const page = await browser.newPage();
      await signIn(page, DEMO.auditor);
      await page.goto('/audit/work');
      await page.locator('aside').getByRole('link', { name: '组织与名单' }).click();
      await page.waitForURL('**/audit/org/units');
      const tree = page.getByRole('tree', { name: '单位树' }).or(page.getByText('还没有单位'));
      await tree.first().waitFor();
      await expect.poll(() => page.title()).toContain('组织与名单');

      // 心理学院 > 2026级, by hand.
      await button(page, '顶级单位').click();
      await addUnit(page, '心理学院', '学院');
      await page.getByRole('treeitem', { name: /心理学院/ }).click();
      await button(page, '下级单位').click();
      await addUnit(page, '2026级', '年级');
      await page.getByRole('treeitem', { name: /2026级/ }).waitFor();

      // A file with a bad row writes nothing and lists the row.
      await page.getByRole('tab', { name: '导入名单' }).click();
      await page.locator('input[type=file]').setInputFiles(await roster(5, true));
      await page.getByText('有 1 行有误，未导入任何数据').waitFor();
      await page.getByText('手机号格式不正确（11位，1开头）').waitFor();
      await shot(page, 'org-import-bad-rows');

      // The good roster: 30 members, the classes created from their paths.
      await page.locator('input[type=file]').setInputFiles(await roster(30));
      await page.getByText('导入完成', { exact: true }).waitFor();
      await page.getByText(/新增 30 人，更新 0 人；新建单位 3 个/).waitFor();
      await page.getByRole('treeitem', { name: /1班/ }).waitFor();

      await page.getByRole('treeitem', { name: /2026级/ }).click();
      await page.getByRole('tab', { name: '成员' }).click();
      await page.getByText('共 30 人').waitFor();
      await page.getByRole('cell', { name: '测试学生1', exact: true }).waitFor();
      await page.getByPlaceholder('姓名、手机号或学号/工号').fill('E2E0007');
      await page.getByPlaceholder('姓名、手机号或学号/工号').press('Enter');
      await page.getByRole('cell', { name: '测试学生7', exact: true }).waitFor();
      await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
      await shot(page, 'org-members');

      // A unit with members cannot be deleted; the server says why.
      await page.getByRole('treeitem', { name: /2026级/ }).click();
      await button(page, '删除').click();
      await button(page.locator('.ant-popconfirm'), '确定').click();
      await page.getByText('该单位下还有下级单位或成员，不能删除').waitFor();

      // At phone width the page does not scroll sideways.
      const phone = await browser.newPage({ width: 390, height: 844 });
      await signIn(phone, DEMO.auditor);
      await phone.goto('/audit/org/units');
      await phone.getByRole('treeitem', { name: /2026级/ }).waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(phone, 'org-phone');
    },
  );

  it("an institution's own expert keeps its units; another institution's expert never sees them", async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.expert);
    await page.goto('/expert/work');
    await page.locator('aside').getByRole('link', { name: '组织与名单' }).click();
    await page.waitForURL('**/expert/org/units');
    await page.getByText('北京心晴心理咨询中心：', { exact: false }).first().waitFor();
    await page.getByRole('tree', { name: '单位树' }).or(page.getByText('还没有单位')).first().waitFor();

    await button(page, '顶级单位').click();
    await addUnit(page, '行政办公室', '部门');
    await page.getByRole('treeitem', { name: /行政办公室/ }).click();
    await page.getByRole('tab', { name: '负责人' }).click();
    await page.getByText('成员 · 行政办公室（含下级单位）').waitFor();
    await shot(page, 'org-expert');

    // 刘文博 works at another institution: his page shows his own, without this unit.
    const other = await browser.newPage();
    await signIn(other, '13800000012');
    await other.goto('/expert/org/units');
    await other.getByText('广州晴川医院临床心理科：', { exact: false }).first().waitFor();
    await other.getByRole('tree', { name: '单位树' }).or(other.getByText('还没有单位')).first().waitFor();
    expect(await other.getByRole('treeitem', { name: /行政办公室/ }).count()).toBe(0);
  });
});
