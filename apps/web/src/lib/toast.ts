import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts appear top right for 3 s (spec section 9). The instance comes from antd's
 * <App> context so toasts follow the theme and locale; code outside React calls these.
 */
let api: NotificationInstance | null = null;

export function setToastApi(instance: NotificationInstance): void {
  api = instance;
}

const base = { placement: 'topRight' as const, duration: 3 };

export const toast = {
  error(message: string) {
    api?.error({ ...base, message });
  },
  warning(message: string) {
    api?.warning({ ...base, message });
  },
  success(message: string) {
    api?.success({ ...base, message });
  },
  info(message: string) {
    api?.info({ ...base, message });
  },
};
