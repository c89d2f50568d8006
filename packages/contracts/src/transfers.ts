import { z } from 'zod';
import { id, idParam, page, pageQuery, type PageParams } from './common';
import { expertCase, type CaseExpert, type DirectionQuery, type ServedPerson } from './expert-cases';

/**
 * 转介: an expert proposes moving a person they serve to another expert. The person confirms
 * (or declines), then an auditor approves or rejects (the review workflow, kind `transfer`).
 * The proposer may withdraw it until it is decided.
 */
export const transferStatuses = [
  'requested',
  'user_confirmed',
  'approved',
  'rejected',
  'declined_by_user',
  'withdrawn',
] as const;
export type TransferStatus = (typeof transferStatuses)[number];

/** How experts and auditors name each state. */
export const transferStatusLabels: Record<TransferStatus, string> = {
  requested: '待用户确认',
  user_confirmed: '待审核',
  approved: '已转介',
  rejected: '未通过审核',
  declined_by_user: '用户已拒绝',
  withdrawn: '已撤回',
};

/** How the person reads the same states, in plain words. */
export const transferUserStatusLabels: Record<TransferStatus, string> = {
  requested: '等待您确认',
  user_confirmed: '您已同意，等待平台审核',
  approved: '已完成转介',
  rejected: '平台审核未通过',
  declined_by_user: '您已拒绝',
  withdrawn: '专家已撤回',
};

export const TRANSFER_REASON_MAX = 500;
export const TRANSFER_SUMMARY_MAX = 2000;
export const TRANSFER_DECLINE_MAX = 300;

/** `POST /api/expert/transfers`: whom, to whom, why, and what the receiver should know. */
export const transferBody = z.object({
  userId: id({ label: '转介用户', required: '请选择要转介的用户' }),
  toExpertId: id({ label: '接收专家', required: '请选择接收专家' }),
  reason: z
    .string({ error: '请填写转介原因' })
    .trim()
    .min(5, '转介原因至少5个字')
    .max(TRANSFER_REASON_MAX, `转介原因最多${TRANSFER_REASON_MAX}个字`),
  summary: z
    .string({ error: '请填写给接收专家的情况摘要' })
    .trim()
    .min(10, '情况摘要至少10个字')
    .max(TRANSFER_SUMMARY_MAX, `情况摘要最多${TRANSFER_SUMMARY_MAX}个字`),
});
export type TransferBody = z.input<typeof transferBody>;

/** `POST /api/user/transfers/:id/decline`: the person may say why (or not). */
export const transferDeclineBody = expertCase.optionalReason('拒绝原因', TRANSFER_DECLINE_MAX);
export type TransferDeclineBody = z.input<typeof transferDeclineBody>;

export const transferIdParams = z.object({ id: idParam({ label: '转介编号' }) });

export const transferDirections = ['outgoing', 'incoming'] as const;
export type TransferDirection = (typeof transferDirections)[number];

/** `GET /api/expert/transfers`: the transfers I proposed (outgoing) or that would come to me (incoming). */
export const expertTransfersQuery = expertCase.directionQuery(transferDirections, transferStatuses);
export type ExpertTransfersQuery = DirectionQuery<TransferDirection, TransferStatus>;

export const userTransfersQuery = pageQuery;
export type UserTransfersQuery = PageParams;

export type TransferExpert = CaseExpert;

export const transferItem = z.object({
  id: z.number().int(),
  status: z.enum(transferStatuses),
  person: expertCase.person,
  from: expertCase.expert,
  to: expertCase.expert,
  reason: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TransferItem = z.infer<typeof transferItem>;

export const expertTransfersPage = expertCase.directionPage(
  transferItem,
  transferDirections,
  transferStatuses,
);
export type ExpertTransfersPage = z.infer<typeof expertTransfersPage>;

export const userTransfersPage = page(transferItem).extend({
  /** How many wait for the person's answer. */
  waiting: z.number().int(),
});
export type UserTransfersPage = z.infer<typeof userTransfersPage>;

export const transferDetail = transferItem.extend({
  /** What the proposer wrote for the receiver and the auditors; null in the person's own view. */
  summary: z.string().nullable(),
  declineReason: z.string().nullable(),
  declinedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** The auditor's decision, once the person confirmed and the request was decided. */
  review: z
    .object({
      submittedAt: z.string(),
      reviewer: z.string().nullable(),
      reason: z.string().nullable(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
  /** What moves with the person: their submitted assessments, and open warnings (null for the person). */
  moves: z.object({
    assessments: z.number().int(),
    openWarnings: z.number().int().nullable(),
  }),
  /** What the caller may do now. */
  can: z.object({
    withdraw: z.boolean(),
    confirm: z.boolean(),
    decline: z.boolean(),
    review: z.boolean(),
  }),
});
export type TransferDetail = z.infer<typeof transferDetail>;

/** A person the expert serves, to choose in the 发起转介 form. */
export const transferPerson = expertCase.servedPerson;
export type TransferPerson = ServedPerson;

export const transferPeopleQuery = expertCase.searchQuery;
export type TransferPeopleQuery = z.infer<typeof transferPeopleQuery>;

/** An expert who may receive a transfer (active, not the caller). */
export const transferReceiver = expertCase.expert;
export type TransferReceiver = TransferExpert;
