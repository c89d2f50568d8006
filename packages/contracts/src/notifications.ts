import { z } from 'zod';
import { idParam } from './common';

export const notificationKinds = [
  'system',
  'account',
  'booking',
  'order',
  'assessment',
  'warning',
  'report',
  'transfer',
  'cooperation',
  'review',
  'course',
  'feedback',
] as const;
export const notificationKindLabels: Record<(typeof notificationKinds)[number], string> = {
  system: '系统',
  account: '账号安全',
  booking: '预约',
  order: '订单',
  assessment: '测评',
  warning: '预警',
  report: '报告',
  transfer: '转介',
  cooperation: '协作',
  review: '审核',
  course: '课程',
  feedback: '反馈',
};

export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  content: z.string(),
  /** The web page this notification is about, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  /** all (default), read, or unread. */
  status: z.enum(['all', 'read', 'unread'], { error: '筛选条件不正确' }).default('all'),
});

export const notificationPage = z.object({
  list: z.array(notification),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  /** Unread notifications of the caller, whatever the filter. */
  haveNotRead: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadSummary = z.object({
  notifications: z.number().int(),
  chats: z.number().int(),
  /** What the header badge shows. */
  total: z.number().int(),
});
export type UnreadSummary = z.infer<typeof unreadSummary>;

export const notificationIdParams = z.object({ id: idParam({ label: '通知编号' }) });
