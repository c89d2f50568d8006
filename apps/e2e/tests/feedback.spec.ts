import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { apiCall, DEMO, signIn } from '../src/session';
import { button, noSidewaysScroll, shot } from '../src/ui';

const TOPIC = '最近工作压力大，晚上总是睡不着';
const WORDS = '王老师很耐心，帮我找到了失眠背后的压力来源，这一周入睡快了很多。';
const REPLY = '谢谢你的反馈！很高兴睡眠有改善，睡前放松练习请继续坚持，下次咨询我们再看看变化。';

describe.skipIf(!hasBrowser())('feedback on a completed consultation', () => {
  const browser = useBrowser();

  it(
    'the user rates the consultation, the expert replies and marks it handled, the user reads the reply',
    { timeout: 240_000 },
    async () => {
      // ---- the demo user: 我的预约 → the completed consultation (the seed's) → 咨询反馈 ----
      const user = await browser.newPage({ width: 390, height: 844 });
      await signIn(user, DEMO.user);
      await user.goto('/booking/list?status=completed');
      await user.getByRole('heading', { name: '我的预约' }).waitFor();
      const item = user.locator('.ant-card', { hasText: TOPIC });
      await item.getByRole('link', { name: /王静怡/ }).click();
      await user.waitForURL(/\/booking\/detail\?id=\d+/);
      const bookingId = Number(new URL(user.url()).searchParams.get('id'));
      const panel = user.getByTestId('feedback-panel');
      await panel.getByText('这次咨询对您有帮助吗？').waitFor();
      await noSidewaysScroll(user);
      await shot(user, 'e2e-user-booking-form-phone');

      // Nothing chosen: the form says what is missing and sends nothing.
      await button(panel, '提交反馈').click();
      await panel.getByText('请选择评分').waitFor();
      await panel.getByText('请填写反馈内容').waitFor();
      await panel.locator('.ant-rate-star').nth(4).locator('[role="radio"]').click();
      await panel.getByText('非常满意').waitFor();
      await panel.getByPlaceholder('说说您的感受和建议').fill(WORDS);
      await button(panel, '提交反馈').click();
      const mine = user.getByTestId('my-feedback');
      await mine.getByText('等待专家处理').waitFor();
      await mine.getByText(WORDS).waitFor();
      await mine.getByText('等待 王静怡 老师处理，处理后会通知您。').waitFor();
      await shot(user, 'e2e-user-booking-sent-phone');

      // ---- the demo expert: 反馈处理 → the feedback → reply, which marks it handled ----
      const expert = await browser.newPage();
      await signIn(expert, DEMO.expert);
      await expert.goto('/expert/work');
      await expert.locator('aside').getByRole('link', { name: '反馈处理' }).click();
      await expert.waitForURL('**/expert/feedback/feedbackIndex');
      const row = expert.getByRole('listitem').filter({ hasText: WORDS });
      await row.waitFor();
      expect(await expert.title()).toContain('反馈处理');
      expect(await row.textContent()).toContain('张小雨');
      await shot(expert, 'e2e-expert-list-open');
      await row.getByRole('link', { name: '处理' }).click();
      await expert.waitForURL(/\/expert\/feedback\/feedbackDetail\?id=\d+/);
      await expert.getByText('张小雨 的反馈').waitFor();
      expect(await expert.title()).toContain('反馈详情');
      // What it is about, linked to the expert's own booking page.
      const link = expert.getByRole('link', { name: /王静怡 老师的咨询/ });
      expect(await link.getAttribute('href')).toBe(`/expert/mybooking/detail?id=${bookingId}`);
      await button(expert, '标记为已处理').waitFor();
      await expert.getByLabel('回复内容').fill(REPLY);
      await button(expert, '回复并标记为已处理').click();
      await expert.getByText(/已于 .* 处理并回复/).waitFor();
      await expert.getByText('我的回复').waitFor();
      expect(await expert.getByLabel('回复内容').count()).toBe(0);
      await shot(expert, 'e2e-expert-detail-handled');
      await expert.getByRole('link', { name: '返回列表' }).click();
      await expert.waitForURL('**/expert/feedback/feedbackIndex?tab=handled');
      // The list item's text, not one element: while antd measures a clamped line it holds hidden
      // copies of it (the clean-clone CI run found two and failed on strict mode).
      await expert
        .getByRole('listitem')
        .filter({ hasText: WORDS })
        .filter({ hasText: `我的回复：${REPLY}` })
        .waitFor();

      // ---- the user: the notification, 我的反馈 in the centre, and the booking page ----
      await user.goto('/user/message');
      const note = user.locator('li', { hasText: '专家回复了您的反馈' });
      await note.waitFor();
      await user.goto('/user/center');
      await user.getByRole('link', { name: '我的反馈' }).click();
      await user.waitForURL('**/user/feedback');
      const card = user.getByTestId('user-feedback').filter({ hasText: WORDS });
      await card.getByText('专家已处理').waitFor();
      await card.getByTestId('feedback-reply').getByText(REPLY).waitFor();
      await noSidewaysScroll(user);
      await shot(user, 'e2e-user-feedback-list-phone');
      await user.goto(`/booking/detail?id=${bookingId}`);
      await user.getByTestId('my-feedback').getByTestId('feedback-reply').getByText(REPLY).waitFor();
      // Handled: no more changes.
      expect(await button(user.getByTestId('my-feedback'), '修改').count()).toBe(0);
      await shot(user, 'e2e-user-booking-replied-phone');

      // ---- everyone: the expert's page shows it under 咨询评价 with the name masked ----
      const info = await apiCall<{ id: number }>('GET', '/api/userinfo/info', {
        token: (
          await apiCall<{ token: string }>('POST', '/api/login/login', {
            body: { telephone: DEMO.expert, password: 'Demo@123456' },
          })
        ).data.token,
      });
      const visitor = await browser.newPage();
      await visitor.goto(`/experts/detail?id=${info.data.id}`);
      const reviews = visitor.getByTestId('public-feedback');
      await reviews.getByText(WORDS).waitFor();
      expect(await reviews.textContent()).toContain('张**');
      expect(await reviews.textContent()).not.toContain('张小雨');
    },
  );
});
