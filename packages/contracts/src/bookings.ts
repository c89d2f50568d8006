import { z } from 'zod';
import { fen, id } from './common';
import { consultMode } from './experts';
import { order } from './orders';

export const bookingStatuses = ['pending_payment', 'confirmed', 'completed', 'no_show', 'cancelled'] as const;
export const bookingStatusLabels: Record<(typeof bookingStatuses)[number], string> = {
  pending_payment: '待支付',
  confirmed: '已确认',
  completed: '已完成',
  no_show: '未到场',
  cancelled: '已取消',
};
export type BookingStatus = (typeof bookingStatuses)[number];

export const contactPreferences = ['phone', 'chat', 'either'] as const;
export const contactPreferenceLabels: Record<(typeof contactPreferences)[number], string> = {
  phone: '电话联系',
  chat: '在线消息',
  either: '均可',
};

export const booking = z.object({
  id: z.number().int(),
  status: z.enum(bookingStatuses),
  startsAt: z.string(),
  endsAt: z.string(),
  mode: consultMode,
  priceFen: fen,
  topic: z.string(),
  contactPreference: z.enum(contactPreferences),
  note: z.string().nullable(),
  expert: z.object({
    id: z.number().int(),
    name: z.string(),
    avatar: z.string().nullable(),
    title: z.string(),
  }),
  user: z.object({ id: z.number().int(), name: z.string(), telephone: z.string() }),
  /** A pending booking frees its slot at this time unless paid. */
  holdExpiresAt: z.string().nullable(),
  cancelledBy: z.enum(['user', 'expert', 'system']).nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundFen: fen,
  /** Until then a user's cancellation is refunded in full. */
  freeCancelUntil: z.string(),
  orderId: z.number().int().nullable(),
  order: order.nullable(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof booking>;

export const createBookingBody = z.object({
  slotId: id({ required: '请选择预约时间' }),
  topic: z
    .string({ error: '请填写咨询主题' })
    .trim()
    .min(2, '请填写咨询主题（至少2个字）')
    .max(200, '咨询主题最多200个字'),
  contactPreference: z.enum(contactPreferences, { error: '请选择联系方式' }),
  note: z.string().trim().max(500, '补充说明最多500个字').optional(),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

export const bookingListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  status: z.enum(bookingStatuses).optional(),
});

export const cancelBookingBody = z.object({
  reason: z.string().trim().max(200, '取消原因最多200个字').optional(),
});
export const expertCancelBody = z.object({
  reason: z
    .string({ error: '请填写取消原因' })
    .trim()
    .min(2, '请填写取消原因')
    .max(200, '取消原因最多200个字'),
});
