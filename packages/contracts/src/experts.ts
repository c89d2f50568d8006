import { z } from 'zod';
import { department } from './auth';
import { fen, fenParam, idParam } from './common';

import { consultModes } from './constants';

export { consultModeLabels, consultModes } from './constants';
export const consultMode = z.enum(consultModes, { error: '咨询方式不正确' });
export type ConsultMode = z.infer<typeof consultMode>;

export const expertCard = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  title: z.string(),
  specialties: z.array(z.string()),
  priceFen: fen,
  sessionMinutes: z.number().int(),
  modes: z.array(consultMode),
  institution: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The mean rating of the expert's booking feedback (two decimals), or null before the first. */
  rating: z.number().nullable(),
  /** How many booking feedbacks the rating is the mean of. */
  ratingCount: z.number().int(),
  yearsOfPractice: z.number().int(),
  /** Start of the next bookable slot, or null when none is open. */
  nextSlotAt: z.string().nullable(),
});
export type ExpertCard = z.infer<typeof expertCard>;

export const slot = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  mode: consultMode,
});
export type Slot = z.infer<typeof slot>;

export const expertDetail = expertCard.extend({
  qualifications: z.array(z.string()),
  introduction: z.string(),
  address: z.string().nullable(),
  /** Free slots in the next 14 days. */
  slots: z.array(slot),
});
export type ExpertDetail = z.infer<typeof expertDetail>;

export const expertListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
  keyword: z.string().trim().max(50).optional(),
  specialty: z.string().trim().max(20).optional(),
  mode: consultMode.optional(),
  institutionId: idParam().optional(),
  /** Price range in fen. */
  minPrice: fenParam().optional(),
  maxPrice: fenParam().optional(),
});
export type ExpertListQuery = z.infer<typeof expertListQuery>;

export const expertProfileBody = z.object({
  title: z.string().trim().min(1, '请输入职称').max(50, '职称最多50个字'),
  qualifications: z.array(z.string().trim().min(1).max(60)).max(10, '资质最多10项'),
  specialties: z
    .array(z.string().trim().min(1).max(12, '每个擅长领域最多12个字'))
    .min(1, '请至少填写一个擅长领域')
    .max(8, '擅长领域最多8个'),
  introduction: z.string().trim().min(10, '个人介绍至少10个字').max(2000, '个人介绍最多2000个字'),
  modes: z.array(consultMode).min(1, '请至少选择一种咨询方式'),
  priceFen: z
    .number({ error: '请输入咨询价格' })
    .int('价格须精确到分')
    .min(0, '价格不能为负')
    .max(1_000_000, '单次价格不能超过10000元'),
  sessionMinutes: z.number().int().min(15, '单次时长至少15分钟').max(180, '单次时长最多180分钟'),
  yearsOfPractice: z.number().int().min(0).max(70),
  address: z.string().trim().max(200).nullable(),
});
export type ExpertProfileBody = z.infer<typeof expertProfileBody>;

export const departmentDetail = department.extend({ experts: z.array(expertCard) });
export type DepartmentDetail = z.infer<typeof departmentDetail>;

// ---- availability (expert side) ----

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:mm');

export const availabilityTemplate = z.object({
  id: z.number().int(),
  /** 1 = Monday ... 7 = Sunday. */
  weekday: z.number().int().min(1).max(7),
  startTime: z.string(),
  durationMinutes: z.number().int(),
  mode: consultMode,
  active: z.boolean(),
});
export type AvailabilityTemplate = z.infer<typeof availabilityTemplate>;

export const templateBody = z.object({
  weekday: z.number({ error: '请选择星期' }).int().min(1, '星期不正确').max(7, '星期不正确'),
  startTime: hhmm,
  durationMinutes: z.number().int().min(15, '时长至少15分钟').max(180, '时长最多180分钟'),
  mode: consultMode,
});
export type TemplateBody = z.infer<typeof templateBody>;

export const slotStatus = z.enum(['open', 'closed']);
export const expertSlot = slot.extend({
  status: slotStatus,
  source: z.enum(['template', 'manual']),
  /** The active booking on this slot, if any. */
  booking: z.object({ id: z.number().int(), status: z.string(), userName: z.string() }).nullable(),
});
export type ExpertSlot = z.infer<typeof expertSlot>;

export const slotBody = z.object({
  startsAt: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }),
  durationMinutes: z.number().int().min(15, '时长至少15分钟').max(180, '时长最多180分钟'),
  mode: consultMode,
});
export type SlotBody = z.infer<typeof slotBody>;

export const rangeQuery = z.object({
  from: z.iso.datetime({ offset: true, error: '开始日期格式不正确' }),
  to: z.iso.datetime({ offset: true, error: '结束日期格式不正确' }),
});
