import { inArray } from 'drizzle-orm';
import type { EventBus } from '../../lib/events';
import { formatShanghai } from '../../lib/time';
import type { SmsProvider } from '../auth';
import { users } from '../users';

/** The SMS text of a campaign notice (no link, no result: only that there is something to do). */
export function campaignSmsText(e: { title: string; kind: 'open' | 'remind'; closesAt: string }): string {
  return e.kind === 'open'
    ? `【心理测评】您有一项心理筛查“${e.title}”已开始，请于 ${formatShanghai(e.closesAt)} 前登录平台个人中心完成。`
    : `【心理测评】提醒：心理筛查“${e.title}”尚未完成，将于 ${formatShanghai(e.closesAt)} 结束，请尽快登录平台完成。`;
}

/**
 * Sends a notice's SMS through the provider, after the delivery transaction has committed, one
 * after another. Who gets one was decided with the notice (the per-phone daily cap); a provider
 * failure is logged and does not undo the in-app notifications.
 */
export function subscribeCampaignSms(
  events: EventBus,
  provider: SmsProvider,
  log: (err: unknown) => void = () => {},
): void {
  events.subscribe('campaign.notice', async (e, ctx) => {
    if (!e.smsUserIds.length) return;
    const phones = await ctx.tx
      .select({ telephone: users.telephone })
      .from(users)
      .where(inArray(users.id, e.smsUserIds));
    const text = campaignSmsText(e);
    ctx.afterCommit(async () => {
      for (const p of phones)
        try {
          if (p.telephone) await provider.sendNotice(p.telephone, text);
        } catch (err) {
          log(err);
        }
    });
  });
}
