import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall } from './session';

// Taking an assessment in the browser, as the assessment and statistics specs do, or through
// the API, as another device would.

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

/** A built-in scale's id by its code (PHQ9, WHO5, …), found in the public list (`search` its query). */
export async function scaleIdOf(code: string, search = 'pageSize=50'): Promise<number> {
  const r = await apiCall<{ list: { id: number; code: string }[] }>('GET', `/api/scale/list?${search}`);
  return r.data.list.find((s) => s.code === code)!.id;
}

/** The basic information an API take gives unless told otherwise. */
const LIN_XIAO = { name: '林晓', gender: 'male', age: 28, regionCode: '310104', phone: null, extra: {} };

/**
 * Takes a scale or plan through the API, as another device would: consent, basic information,
 * every item of every part answered at `position(part, item)`, each part submitted (with
 * `durationSeconds` when given), each step checked. Answers the assessment's id.
 */
export async function takeThroughApi(
  token: string,
  target: { scaleId: number } | { planId: number },
  position: (part: number, item: number) => number,
  opts: { info?: object; durationSeconds?: number } = {},
): Promise<number> {
  const started = await apiCall<{ id: number }>('POST', '/api/assessment/start', { token, body: target });
  const id = started.data.id;
  await apiCall('POST', `/api/assessment/${id}/consent`, { token, body: { accepted: true } });
  const state = await apiCall<{ parts: { items: { number: number }[] }[] }>(
    'POST',
    `/api/assessment/${id}/basic-info`,
    { token, body: opts.info ?? LIN_XIAO },
  );
  expect(state.status, state.message).toBe(200);
  for (const [part, p] of state.data.parts.entries()) {
    for (const { number } of p.items) {
      const r = await apiCall('PUT', `/api/assessment/${id}/answer`, {
        token,
        body: { part, item: number, position: position(part, number) },
      });
      expect(r.status, r.message).toBe(200);
    }
    const body =
      opts.durationSeconds === undefined ? { part } : { part, durationSeconds: opts.durationSeconds };
    const s = await apiCall('POST', `/api/assessment/${id}/submit`, { token, body });
    expect(s.status, s.message).toBe(200);
  }
  return id;
}

/** The demo user (张小雨) finishes one WHO-5 through the API, so their record has a finished test. */
export async function takeWho5(token: string): Promise<number> {
  const info = { name: '张小雨', gender: 'female', age: 28, regionCode: '110108', phone: null, extra: {} };
  return takeThroughApi(token, { scaleId: await scaleIdOf('WHO5') }, () => 4, { info });
}
