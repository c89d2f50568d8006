import { z } from 'zod';
import { fen } from './common';

export const orderKinds = ['booking', 'course', 'report'] as const;
export const orderKindLabels: Record<(typeof orderKinds)[number], string> = {
  booking: '咨询预约',
  course: '课程',
  report: '测评报告',
};
export const orderStatuses = ['unpaid', 'paid', 'refunding', 'refunded', 'cancelled'] as const;
export const orderStatusLabels: Record<(typeof orderStatuses)[number], string> = {
  unpaid: '待支付',
  paid: '已支付',
  refunding: '退款中',
  refunded: '已退款',
  cancelled: '已取消',
};
export type OrderStatus = (typeof orderStatuses)[number];
export type OrderKind = (typeof orderKinds)[number];

export const order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(orderKinds),
  itemId: z.number().int(),
  title: z.string(),
  amountFen: fen,
  status: z.enum(orderStatuses),
  provider: z.string(),
  refundFen: fen,
  createdAt: z.string(),
  /** An unpaid order is cancelled at this time. */
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The page that shows what the order bought, e.g. /booking/detail?id=3. */
  itemLink: z.string().nullable(),
  /** Payments made a second time for this order (detail only): each one is refunded in full. */
  duplicatePayments: z
    .array(
      z.object({
        amountFen: fen,
        status: z.enum(['refunding', 'refunded']),
        createdAt: z.string(),
        refundedAt: z.string().nullable(),
      }),
    )
    .optional(),
});
export type Order = z.infer<typeof order>;

export const orderListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  status: z.enum(orderStatuses).optional(),
});

export const payStart = z.object({
  /** Where the payer goes to pay: the sandbox cashier page, or a provider's page. */
  cashierUrl: z.string(),
  order,
});
export type PayStart = z.infer<typeof payStart>;

export const sandboxConfirmBody = z.object({ action: z.enum(['pay', 'cancel'], { error: '操作不正确' }) });
