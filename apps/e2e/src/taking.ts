import type { Page } from 'playwright-core';

// Taking an assessment in the browser, as the assessment and statistics specs do.

/** Fills 基本信息: name, gender, age, region (searched in the cascader) and any plan fields. */
export async function fillBasicInfo(
  page: Page,
  name: string,
  extra: { college?: string; studentNo?: string } = {},
) {
  await page.getByLabel('姓名').fill(name);
  await page.getByText('女', { exact: true }).click();
  await page.getByLabel('年龄').fill('20');
  await page.getByLabel('所在地区').click();
  await page.getByLabel('所在地区').fill('东城区');
  await page.locator('.ant-cascader-menu-item', { hasText: '东城区' }).first().click();
  if (extra.college) {
    await page.getByLabel('学院').click();
    await page.locator('.ant-select-item-option', { hasText: extra.college }).click();
  }
  if (extra.studentNo) await page.getByLabel('学号').fill(extra.studentNo);
  await page.getByRole('button', { name: '保存并开始答题' }).click();
}

/** Answers questions `from`..`to` of the scale on screen with the same option, one at a time. */
export async function answerAll(page: Page, total: number, option: string, from = 1, to = total) {
  for (let i = from; i <= to; i++) {
    await page.getByText(`第 ${i}/${total} 题`, { exact: true }).waitFor();
    await page.getByRole('radio', { name: option, exact: true }).click();
    // The chosen answer is marked before the page moves on.
    if (i === total) await page.locator('[role="radio"][aria-checked="true"]', { hasText: option }).waitFor();
  }
}
