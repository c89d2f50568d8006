import type { EventBus } from '../../lib/events';
import type { NotificationsService } from './notifications.service';

/**
 * Which domain event becomes which notification, for whom. Each domain publishes its
 * events; this is the one place that turns them into messages people read.
 */
export function subscribeNotificationRules(events: EventBus, notifications: NotificationsService): void {
  events.subscribe('account.passwordChanged', async ({ userId, via }) => {
    await notifications.notify(userId, {
      kind: 'account',
      title: via === 'reset' ? '密码已重置' : '密码已修改',
      content:
        via === 'reset'
          ? '您的账号密码已通过短信验证码重置，所有设备已退出登录。如非本人操作，请立即联系平台客服。'
          : '您的账号密码已修改，所有设备已退出登录。如非本人操作，请立即通过短信重置密码。',
      link: '/sys/account',
    });
  });
}
