import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { repoRoot } from '../src/server';
import { noSidewaysScroll, screenshots } from '../src/ui';
import { baseUrl } from '../src/base-url';

/** Screenshots for a person to look at (git-ignored). */
const SHOTS = path.join(repoRoot, 'test-results', 'demo-console');
const PHONE = { width: 390, height: 844 };

const shot = screenshots({ dir: SHOTS, settleMs: 0 });

/** Calls the mock as any client would, with the token in the Authorization header. */
async function mockCall(url: string, token?: string) {
  const res = await fetch(`${baseUrl()}${url}`, { headers: token ? { authorization: token } : {} });
  return (await res.json()) as { code: number; result: any; message: string; type: string };
}

async function signIn(page: Page, username: string, password = '123456') {
  await page.goto('/demo/login');
  await page.getByLabel('账号', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** The console's side menu (or, at phone width, the drawer's): the entries this user may open. */
async function menuEntries(page: Page): Promise<string[]> {
  const items = page.locator('.ant-menu-item');
  await items.first().waitFor();
  return (await items.allTextContents()).map((t) => t.trim());
}

describe.skipIf(!hasBrowser())('the demo management console', () => {
  const browser = useBrowser();

  it('is linked from the footer as 演示后台 and opens on its own login page, labelled as a demo', async () => {
    const page = await browser.newPage();
    await page.goto('/sys/home');
    await page.getByRole('link', { name: '演示后台', exact: true }).click();
    await page.waitForURL('**/demo/login');
    await page.getByRole('heading', { name: /演示后台/ }).waitFor();
    await page.getByText('与本平台的真实账号、测评和订单无关', { exact: false }).waitFor();
    expect(await page.title()).toBe('登录 - 演示后台');
    await shot(page, 'desktop-login');
  });

  it('refuses a wrong password with 账号或密码错误', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin', 'wrong-password');
    await page.getByText('账号或密码错误').waitFor();
    expect(page.url()).toContain('/demo/login');
    expect(await page.evaluate(() => localStorage.getItem('demoConsoleToken'))).toBeNull();
  });

  it('admin sees every module: counters and the seven-day chart, both tables with paging, sorting and search, account info', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin');
    await page.waitForURL('**/demo/home');
    expect(await menuEntries(page)).toEqual(['首页', '站点列表', '账号表格', '账户信息']);

    // Home: the counters and the chart are the server's numbers.
    const info = (await mockCall('/v1/home/info')).result;
    await page.getByText('在线人数（共 110）').waitFor();
    await page.getByText(info.hu_num.toLocaleString('en-US'), { exact: true }).waitFor();
    const chart = await page.getByRole('img', { name: /近七日访问量/ }).getAttribute('aria-label');
    for (const d of info.seven_days)
      expect(chart).toContain(`${d.time.slice(4, 6)}-${d.time.slice(6)} ${d.num}`);
    await page.getByText('最新登记').waitFor();
    await page.getByText('共 30 条').waitFor();
    await shot(page, 'desktop-admin-home');

    // Website: 60 sites, 10 a page; search and protocol filter narrow them; paging moves on.
    await page.getByRole('link', { name: '站点列表' }).click();
    await page.waitForURL('**/demo/website');
    await page.getByText('共 60 条').waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    expect(await rows.count()).toBe(10);
    expect((await rows.first().locator('td').first().textContent())?.trim()).toBe('1');
    // Sorting by id descending puts site 60 first; page 2 then starts at 50.
    await page.getByRole('columnheader', { name: '编号' }).click();
    await page.waitForFunction(
      () => document.querySelector('.ant-table-tbody tr td')?.textContent?.trim() === '60',
    );
    await page.getByTitle('2', { exact: true }).click();
    await page.waitForFunction(
      () => document.querySelector('.ant-table-tbody tr td')?.textContent?.trim() === '50',
    );
    // A domain no other site's address, IP or e-mail contains: searching it finds exactly one.
    const sites = (await mockCall('/v1/common/page_one/list')).result.list as Record<string, string>[];
    const text = (s: Record<string, string>) => [s.url, s.domain, s.ip, s.email].join(' ');
    const domain = sites.find((s) => sites.filter((o) => text(o).includes(s.domain!)).length === 1)!.domain!;
    await page.getByPlaceholder('搜索网址、域名、IP 或邮箱').fill(domain);
    await page.getByText('共 1 条').waitFor();
    expect(await rows.count()).toBe(1);
    await page.getByPlaceholder('搜索网址、域名、IP 或邮箱').fill('没有这样的站点');
    await page.getByText('没有符合条件的站点').waitFor();
    await shot(page, 'desktop-admin-website-empty');
    await page.getByPlaceholder('搜索网址、域名、IP 或邮箱').fill('');
    await page.getByText('共 60 条').waitFor();

    // Table: 30 accounts; searching a name finds that person.
    await page.getByRole('link', { name: '账号表格' }).click();
    await page.waitForURL('**/demo/table');
    await page.getByText('共 30 条').waitFor();
    const accounts = (await mockCall('/table/list')).result.list as Record<string, string>[];
    const person = accounts.find(
      (a) =>
        accounts.filter((o) => `${o.account} ${o.true_name} ${o.title}`.includes(a.account!)).length === 1,
    )!;
    await page.getByPlaceholder('搜索账号、姓名或职位').fill(person.account!);
    await page.getByText(person.true_name!).waitFor();
    expect(await rows.count()).toBe(1);
    await page.getByPlaceholder('搜索账号、姓名或职位').fill('');
    await page.getByText('共 30 条').waitFor();
    await shot(page, 'desktop-admin-table');

    // Account info, from /v1/account/info with the console's own token.
    await page.getByRole('link', { name: '账户信息' }).click();
    await page.waitForURL('**/demo/account');
    await page.getByText('{admin-token}').waitFor();
    await page.getByText('全部模块', { exact: true }).waitFor();
    await shot(page, 'desktop-admin-account');

    // The profile form picks a region from the mock's six-digit table, down to an 其他地区 leaf.
    await page.getByRole('combobox', { name: '所在地区' }).click();
    const option = (name: string) => page.locator('.ant-cascader-menu-item', { hasText: name }).first();
    await option('广东省').click();
    await option('广州市').click();
    await option('天河区').waitFor();
    await shot(page, 'desktop-admin-region');
    await option('其他地区').click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('所在地区：广东省 / 广州市 / 其他地区', { exact: false }).waitFor();

    // Its own storage: the platform's session keys are never written.
    const storage = await page.evaluate(() => ({ ...localStorage }));
    expect(storage.demoConsoleToken).toBe('{admin-token}');
    expect(storage.userToken).toBeUndefined();
    expect(storage.userInfo).toBeUndefined();
  });

  it('the ordinary user sees only home and website; the table module is refused', async () => {
    const page = await browser.newPage();
    await signIn(page, 'test');
    await page.waitForURL('**/demo/home');
    expect(await menuEntries(page)).toEqual(['首页', '站点列表', '账户信息']);
    await page.getByText('欢迎回来，李晓雨').waitFor();
    await page.getByRole('link', { name: '站点列表' }).click();
    await page.getByText('共 60 条').waitFor();

    await page.goto('/demo/table');
    await page.getByText('无权访问').waitFor();
    await page.getByText('当前账号（普通用户）没有「账号表格」模块的权限。').waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);
    await shot(page, 'desktop-test-forbidden');
    await page.getByRole('button', { name: '返回可访问的页面' }).click();
    await page.waitForURL('**/demo/home');

    await page.goto('/demo/account');
    await page.getByText('{test-token}').waitFor();
    await page.getByText('普通用户', { exact: true }).first().waitFor();
    await shot(page, 'desktop-test-account');
  });

  it('logout destroys the token: back to the login page, and the old token works nowhere any more', async () => {
    const page = await browser.newPage();
    await signIn(page, 'test');
    await page.waitForURL('**/demo/home');
    const token = await page.evaluate(() => localStorage.getItem('demoConsoleToken'));
    expect(token).toBe('{test-token}');
    expect((await mockCall('/v1/user/permission', token!)).code).toBe(0);

    // A second tab holding the same token.
    const other = await browser.newPage();
    await other.goto('/demo/login');
    await other.evaluate((t) => localStorage.setItem('demoConsoleToken', t), token!);
    // Settled in the console before the logout: a login page still loading would otherwise take
    // the token up only after it died, and end its session itself before the check below.
    await other.goto('/demo/home');
    await other.getByText('近七日访问量').waitFor();

    await page.getByRole('button', { name: '账户菜单' }).click();
    await page.getByText('退出登录').click();
    await page.waitForURL('**/demo/login');
    // Said on the login page, and it stays there (a toast of the console's frame left with it).
    await page.getByText('已退出演示后台').waitFor();
    await page.waitForTimeout(3500);
    expect(await page.getByText('已退出演示后台').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('demoConsoleToken'))).toBeNull();

    const after = await mockCall('/v1/user/permission', token!);
    expect(after).toMatchObject({
      code: -1,
      message: 'The corresponding user information was not obtained!',
    });
    expect((await mockCall('/v1/account/info', token!)).code).toBe(-1);

    // The other tab's token is dead too: it is sent to log in again, and told why.
    await other.goto('/demo/home');
    await other.waitForURL(/\/demo\/login\?.*expired=1/);
    await other.getByText('登录已失效，请重新登录').waitFor();
    expect(await other.evaluate(() => localStorage.getItem('demoConsoleToken'))).toBeNull();

    // Signing in again re-issues the token.
    await signIn(page, 'test');
    await page.waitForURL('**/demo/home');
    expect((await mockCall('/v1/user/permission', token!)).code).toBe(0);
  });

  it('works at phone width: a drawer menu, no sideways scrolling', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/demo/login');
    await page.getByText('体验账号').waitFor();
    await noSidewaysScroll(page);
    await shot(page, 'phone-login');

    await signIn(page, 'test');
    await page.waitForURL('**/demo/home');
    await page.getByText('近七日访问量').waitFor();
    await page.getByText('共 30 条').waitFor();
    await noSidewaysScroll(page);
    await shot(page, 'phone-test-home');

    await page.getByRole('button', { name: '打开菜单' }).click();
    expect(await menuEntries(page)).toEqual(['首页', '站点列表', '账户信息']);
    await page.waitForTimeout(500); // the drawer's slide-in, for the screenshot
    await shot(page, 'phone-test-menu');
    await page.getByRole('link', { name: '站点列表' }).click();
    await page.waitForURL('**/demo/website');
    await page.getByText('共 60 条').waitFor();
    await noSidewaysScroll(page);
    await shot(page, 'phone-test-website');

    await page.goto('/demo/account');
    await page.getByText('{test-token}').waitFor();
    await noSidewaysScroll(page);
    await shot(page, 'phone-test-account');

    const admin = await browser.newPage(PHONE);
    await signIn(admin, 'admin');
    await admin.waitForURL('**/demo/home');
    await admin.goto('/demo/table');
    await admin.getByText('共 30 条').waitFor();
    await noSidewaysScroll(admin);
    await shot(admin, 'phone-admin-table');
  });
});
