import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Types `text` into a Select whose choices a server search finds (components/search-select) and
 * picks the choice naming it. The list first shows what the empty search found and is replaced
 * when this search answers, so clicking at once can land on a row that is about to move: wait
 * until every choice shown names `text`, click, and check the form item now shows it (typing
 * again if the click was lost).
 */
export async function pickSearched(page: Page, field: Locator, text: string): Promise<void> {
  const item = field.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-form-item ")][1]',
  );
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  for (let attempt = 1; ; attempt++) {
    await field.click();
    await field.fill(text);
    await expect
      .poll(async () => {
        const shown = await options.allInnerTexts();
        return shown.length > 0 && shown.every((t) => t.includes(text));
      })
      .toBe(true);
    await options.filter({ hasText: text }).first().click();
    try {
      await expect.poll(() => item.innerText(), { timeout: 3_000 }).toContain(text);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
