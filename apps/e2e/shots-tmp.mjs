import { chromium } from 'playwright-core';
const BASE = 'http://localhost:8093';
const ARGS = ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'];
const OUT = '/work/shots/courses';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS, headless: true });
async function login(tel) {
  const r = await fetch(`${BASE}/SysAdmin/api/login/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ telephone: tel, password: 'Demo@123456' }) });
  return (await r.json()).data;
}
async function page(viewport, tel) {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN', baseURL: BASE });
  const p = await ctx.newPage();
  if (tel) {
    const d = await login(tel);
    await p.goto('/404');
    await p.evaluate(([t, i]) => { localStorage.setItem('userToken', t); localStorage.setItem('userInfo', i); }, [d.token, JSON.stringify(d.userinfo)]);
  }
  return p;
}
const which = process.argv[2] ?? 'all';
const desk = { width: 1366, height: 900 };
const phone = { width: 375, height: 812 };
async function shot(p, name, full = true) { await p.waitForTimeout(800); await p.screenshot({ path: `${OUT}/${name}.png`, fullPage: full }); console.log('shot', name); }
if (which === 'all' || which === 'learn') {
  let p = await page(desk);
  await p.goto('/app/course'); await p.getByText('共 ').first().waitFor(); await shot(p, 'catalogue');
  await p.goto('/course/detail?id=2'); await p.getByText('课程目录').waitFor(); await shot(p, 'detail');
  p = await page(desk, '13800000001');
  await p.goto('/user/course'); await p.getByText('继续学习').first().waitFor(); await shot(p, 'my-courses');
  await p.goto('/user/course?courseId=1'); await p.locator('video').waitFor(); await p.waitForTimeout(1500); await shot(p, 'player-desktop', false);
  const ph = await page(phone, '13800000001');
  await ph.goto('/user/course?courseId=1'); await ph.locator('video').waitFor(); await ph.waitForTimeout(1500); await shot(ph, 'player-phone');
  await ph.goto('/app/course'); await ph.getByText('共 ').first().waitFor(); await shot(ph, 'catalogue-phone');
  await ph.goto('/course/detail?id=2'); await ph.getByText('课程目录').waitFor(); await shot(ph, 'detail-phone');
}
if (which === 'all' || which === 'expert') {
  const p = await page(desk, '13800000002');
  await p.goto('/expert/course/list'); await p.getByRole('heading', { name: '课程管理' }).waitFor(); await shot(p, 'expert-list');
  await p.goto('/expert/course/detail?id=1'); await p.getByText('章节与课时').waitFor(); await shot(p, 'editor');
  await p.goto('/expert/course/buyList'); await p.getByText('按月汇总').waitFor(); await shot(p, 'buy-list');
  const a = await page(desk, '13800000003');
  await a.goto('/audit/course/list?status=all'); await a.getByRole('heading', { name: '课程审核' }).waitFor(); await shot(a, 'audit-list');
  await a.goto('/audit/course/detail?id=2'); await a.locator('video').waitFor(); await shot(a, 'audit-detail');
}
await browser.close();
