// Screenshots of the feedback pages against a running app (not part of the project).
import { chromium } from 'playwright-core';
const BASE = process.env.BASE ?? 'http://localhost:8092';
const OUT = '/work/shots/feedback';
const phase = process.argv[2] ?? 'before';

async function api(method, path, token, body) {
  const r = await fetch(`${BASE}/SysAdmin${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { serviceToken: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return r.json();
}
const login = async (tel) => (await api('POST', '/api/login/login', null, { telephone: tel, password: 'Demo@123456' })).data;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
async function shoot(session, path, name, opts = {}) {
  for (const width of [1366, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, locale: 'zh-CN', baseURL: BASE });
    const page = await ctx.newPage();
    if (session) {
      await page.goto('/404');
      await page.evaluate(([t, u]) => { localStorage.setItem('userToken', t); localStorage.setItem('userInfo', u); }, [session.token, JSON.stringify(session.userinfo)]);
    }
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (opts.wait) await page.getByText(opts.wait).first().waitFor({ timeout: 15000 }).catch(() => console.log('no', opts.wait, 'on', path));
    await page.waitForTimeout(600);
    if (opts.scrollTo) await page.getByText(opts.scrollTo).first().scrollIntoViewIfNeeded().catch(() => {});
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) console.log(`OVERFLOW ${overflow}px at ${width}: ${path}`);
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
    await ctx.close();
  }
}

const user = await login('13800000001');
const expert = await login('13800000002');
const auditor = await login('13800000003');
const bookings = (await api('GET', '/api/booking/list?status=completed', user.token)).data.list;
const b = bookings.find((x) => x.expert.id === expert.userinfo.id);
console.log('booking', b?.id);

if (phase === 'before') {
  await shoot(user, `/booking/detail?id=${b.id}`, '01-user-booking-form', { wait: '咨询反馈' });
  await shoot(null, `/app/expert`, '02-expert-list-ratings', { wait: '条评价' });
  await shoot(null, `/experts/detail?id=${expert.userinfo.id}`, '03-expert-detail-public-feedback', { wait: '咨询评价' });
  await shoot(expert, `/expert/feedback/feedbackIndex`, '04-expert-feedback-open', { wait: '反馈处理' });
  const courses = (await api('GET', '/api/course/mine', user.token)).data;
  const cid = (courses.list ?? courses)[0]?.course?.id ?? (courses.list ?? courses)[0]?.id;
  console.log('course', cid);
  if (cid) await shoot(user, `/course/detail?id=${cid}`, '05-user-course-feedback', { wait: '课程反馈' });
  await shoot(user, `/user/feedback`, '06-user-feedback-empty', { wait: '我的反馈' });
}
if (phase === 'after') {
  const on = (await api('GET', `/api/user/feedback/on?kind=booking&objectId=${b.id}`, user.token)).data;
  const fid = on.feedback.id;
  await shoot(expert, `/expert/feedback/feedbackDetail?id=${fid}`, '07-expert-feedback-detail-' + on.feedback.status, { wait: '反馈对象' });
  await shoot(user, `/booking/detail?id=${b.id}`, '08-user-booking-' + on.feedback.status, { wait: '咨询反馈' });
  await shoot(user, `/user/feedback`, '09-user-feedback-list-' + on.feedback.status, { wait: '我的反馈' });
  await shoot(expert, `/expert/feedback/feedbackIndex?tab=handled`, '10-expert-feedback-handled', { wait: '反馈处理' });
  await shoot(auditor, `/audit/feedback/list`, '11-audit-feedback', { wait: '反馈记录' });
  await shoot(user, `/user/center`, '12-user-center', { wait: '我的反馈' });
  await shoot(user, `/user/message`, '13-user-messages', { wait: '消息中心' });
}
await browser.close();
