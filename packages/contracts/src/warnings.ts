import { z } from 'zod';
import { pageQuery, type PageParams } from './common';

export const warningStatuses = ['pending', 'following', 'closed'] as const;
export type WarningStatus = (typeof warningStatuses)[number];
export const warningStatusLabels: Record<WarningStatus, string> = {
  pending: '待处理',
  following: '跟进中',
  closed: '已关闭',
};
export type WarningLevel = 1 | 2 | 3;
const level = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** `GET /api/expert/warnings`: by status, and only those escalated to the auditors. */
export const warningsQuery = pageQuery.extend({
  status: z.enum(warningStatuses).optional(),
  level: z.enum(['1', '2', '3']).transform(Number).optional(),
  /** true: only warnings nobody picked up in time (escalated), not yet closed. */
  escalated: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type WarningsQuery = PageParams & {
  status?: WarningStatus;
  level?: '1' | '2' | '3';
  escalated?: 'true' | 'false';
};

export const warningItem = z.object({
  id: z.number().int(),
  assessmentId: z.number().int(),
  /** The person the warning is about (their record: /expert/archives/record?userId=). */
  userId: z.number().int(),
  userName: z.string(),
  level,
  reason: z.string(),
  scaleName: z.string(),
  status: z.enum(warningStatuses),
  /** Nobody picked it up in time, so the auditors were told too. */
  escalated: z.boolean(),
  createdAt: z.string(),
});
export type WarningItem = z.infer<typeof warningItem>;

export const warningProgressItem = z.object({
  id: z.number().int(),
  actorName: z.string(),
  status: z.enum(warningStatuses),
  note: z.string(),
  createdAt: z.string(),
});

export const warningDetail = warningItem.omit({ userName: true, userId: true }).extend({
  user: z.object({ id: z.number().int(), name: z.string(), telephone: z.string() }),
  progress: z.array(warningProgressItem),
});
export type WarningDetail = z.infer<typeof warningDetail>;

export const warningProgressBody = z.object({
  status: z.enum(['following', 'closed'], { error: '请选择处理状态' }),
  note: z.string().trim().min(2, '请填写处理记录').max(1000),
});
export type WarningProgressBody = z.infer<typeof warningProgressBody>;
