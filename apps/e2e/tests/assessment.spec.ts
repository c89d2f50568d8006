import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { DEMO, signIn } from '../src/session';
import { answerAll, fillBasicInfo, scaleIdOf, takeThroughApi } from '../src/taking';
import { noSidewaysScroll } from '../src/ui';

// Each scenario has its own account, so one's unfinished or bought assessment never meets another.
const PLAN_TAKER = '13800000021';
const REPORT_BUYER = '13800000022';

describe.skipIf(!hasBrowser())('taking an assessment', () => {
  const browser = useBrowser();

  it('PHQ-9 with thoughts of self-harm shows the crisis resources first, then the result', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.user);
    await page.goto('/app/website');
    const card = page.getByRole('link', { name: '患者健康问卷抑郁量表' }).first();
    await card.waitFor();
    expect(await page.title()).toBe('测评中心 - 心理测评与咨询平台');
    await card.click();
    await page.waitForURL('**/test/detail?id=*');
    await page.getByText('完整报告（解读与建议、PDF）').waitFor();
    await page.getByRole('button', { name: '开始测评' }).click();

    await page.waitForURL('**/combit/consent?aid=*');
    const agree = page.getByRole('button', { name: '同意并继续' });
    expect(await agree.isDisabled()).toBe(true);
    await page.getByText('我已阅读并同意').click();
    await agree.click();

    await page.waitForURL('**/combit/userForm?aid=*');
    await fillBasicInfo(page, '张小明');
    await page.waitForURL('**/test/steps?aid=*');
    await page.getByText('在过去两周里，你生活中以下症状出现的频率有多少？').first().waitFor();
    await page.getByRole('button', { name: '开始答题', exact: true }).click();

    await page.waitForURL('**/test/question?aid=*');
    await page.getByText('做事时提不起劲或没有兴趣').waitFor();
    // 好几天 on every item: total 9 (轻度), and item 9 above zero.
    await answerAll(page, 9, '好几天');
    await page.getByRole('button', { name: '提交答案' }).click();

    await page.waitForURL('**/test/pay?aid=*');
    const crisis = page.getByRole('region', { name: '你并不孤单，我们一直都在' });
    await crisis.waitFor();
    expect(await crisis.getByRole('link', { name: /12356/ }).getAttribute('href')).toBe('tel:12356');
    expect(await crisis.getByRole('link', { name: /120/ }).getAttribute('href')).toBe('tel:120');
    // At the top: above the result itself.
    const title = page.getByRole('heading', { name: '患者健康问卷抑郁量表', level: 3 });
    const [crisisBox, titleBox] = [await crisis.boundingBox(), await title.boundingBox()];
    expect(crisisBox!.y).toBeLessThan(titleBox!.y);
    await page.getByText('轻度', { exact: true }).waitFor();
    await page.getByText(/自伤\/自杀意念：结果提示你近期可能有伤害自己的想法/).waitFor();
    await page.getByRole('button', { name: /解锁完整报告 ¥9\.90/ }).waitFor();

    // 我的测评 lists it with its band, and leads back to the same result.
    await page.goto('/user/paper');
    await page.waitForURL('**/user/paper/list');
    // Newest first; the demo user may have taken PHQ-9 in a spec that ran before this one.
    await page.getByText('PHQ-9 轻度', { exact: true }).first().waitFor();
    // The filter counts each status and pages on the server; its choice is in the address.
    await page.getByText(/^已完成 \(\d+\)$/).click();
    await page.waitForURL('**/user/paper/list?status=submitted');
    await page.getByText('PHQ-9 轻度', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: '继续测评' }).count()).toBe(0);
    await page.getByRole('button', { name: '查看结果' }).first().click();
    await page.waitForURL('**/user/paper/detail?id=*');
    await crisis.waitFor();
  });

  it('a plan goes through guidance, consent, basic info with its own fields, both scales and the result (phone)', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, PLAN_TAKER);
    await page.goto('/combit/list');
    await page.getByRole('link', { name: '大学生心理健康普查' }).click();
    await page.waitForURL('**/combit/guading?id=*');
    await page.getByText('作答前需填写基本信息（含学院、学号）').waitFor();
    await page.getByRole('button', { name: '开始测评' }).click();

    await page.waitForURL('**/combit/guading?aid=*');
    await page.getByText(/欢迎参加本学年心理健康普查/).waitFor();
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: '我知道了，下一步' }).click();

    await page.waitForURL('**/combit/consent?aid=*');
    await page.getByText(/本次普查由学校心理健康服务站组织/).waitFor();
    await page.getByText('我已阅读并同意').click();
    await page.getByRole('button', { name: '同意并继续' }).click();

    await page.waitForURL('**/combit/userForm?aid=*');
    // The plan's own fields are required.
    await page.getByRole('button', { name: '保存并开始答题' }).click();
    await page.getByText('请填写学院').waitFor();
    await fillBasicInfo(page, '李同学', { college: '医学院', studentNo: '20260417' });

    await page.waitForURL('**/test/steps?aid=*&part=0');
    await page.getByText('第 1 / 2 个量表').waitFor();
    await page.getByRole('button', { name: '开始答题', exact: true }).click();
    await page.waitForURL('**/test/question?aid=*&part=0');
    await noSidewaysScroll(page);
    await answerAll(page, 9, '完全不会');
    await page.getByRole('button', { name: '提交，进入下一个量表' }).click();

    await page.waitForURL('**/test/steps?aid=*&part=1');
    await page.getByText('第 2 / 2 个量表').waitFor();
    await page.getByRole('heading', { name: /广泛性焦虑量表/ }).waitFor();
    await page.getByRole('button', { name: '开始答题', exact: true }).click();
    await page.waitForURL('**/test/question?aid=*&part=1');
    await answerAll(page, 7, '完全不会', 1, 3);
    // Every answer was saved as given: a reload resumes at the first open question.
    await page.getByText('第 4/7 题', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('第 4/7 题', { exact: true }).waitFor();
    await page.getByText('答题卡（已答 3/7）').waitFor();
    await answerAll(page, 7, '完全不会', 4);
    await page.getByRole('button', { name: '提交答案' }).click();

    await page.waitForURL('**/test/pay?aid=*');
    await page.getByText('无/极轻微抑郁', { exact: true }).waitFor();
    await page.getByText('无/极轻微焦虑', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: '你并不孤单，我们一直都在' }).count()).toBe(0);
    // This plan's full report is free: interpretation and advice are there already.
    await page.getByText('目前没有明显的抑郁症状。').waitFor();
    await page.getByRole('button', { name: '查看完整报告' }).waitFor();
    await noSidewaysScroll(page);
    // Sixteen questions and seven pages: more than the default minute on a busy machine.
  }, 120_000);

  it('buys the PHQ-9 full report in the sandbox cashier, reads it and downloads the PDF', async () => {
    const page = await browser.newPage();
    const session = await signIn(page, REPORT_BUYER);
    // Taken through the API (as another device would): 一半以上的天数 everywhere, total 18, 中重度.
    const scaleId = await scaleIdOf('PHQ9', 'keyword=PHQ-9');
    const aid = await takeThroughApi(session.token, { scaleId }, () => 3, { durationSeconds: 95 });

    await page.goto(`/test/pay?aid=${aid}`);
    await page.getByText('中重度', { exact: true }).waitFor();
    // Before buying, the report is closed with the reason in words.
    await page.getByText(/结果解读与建议包含在完整报告中/).waitFor();
    await page.getByRole('button', { name: /解锁完整报告 ¥9\.90/ }).click();

    await page.waitForURL(`**/test/resultPay?aid=${aid}`);
    await page.getByText('完整报告包含').waitFor();
    await page.getByRole('button', { name: '去支付 ¥9.90' }).click();
    await page.waitForURL('**/sandbox/cashier?orderNo=*');
    // The sandbox cashier: confirm, and its 查看报告 leads to the order's page, the report.
    await page.getByText('完整测评报告：患者健康问卷抑郁量表').waitFor();
    await page.getByRole('button', { name: /确认支付/ }).click();
    await page.getByText('支付成功').waitFor();
    await page.getByRole('button', { name: '查看报告' }).click();
    await page.waitForURL(`**/reportView?id=${aid}`);
    await page.getByRole('heading', { name: '患者健康问卷抑郁量表 · 测评报告' }).waitFor();
    await page.getByText('林晓', { exact: true }).waitFor();
    await page.getByText('上海市 上海市 徐汇区').waitFor();
    await page.getByText('存在中重度抑郁症状。').waitFor();
    await page.getByText(/建议尽快到医院精神科或心理科就诊/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载 PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await fs.readFile((await download.path())!);
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The result page now offers the report instead of the purchase.
    await page.goto(`/test/pay?aid=${aid}`);
    await page.getByRole('button', { name: '查看完整报告' }).waitFor();
    expect(await page.getByRole('button', { name: /解锁完整报告/ }).count()).toBe(0);
  });
});
