import { z } from 'zod';
import { id, idParam } from './common';
import { expertCase, type CaseExpert, type DirectionQuery, type ServedPerson } from './expert-cases';

/**
 * 协作: an expert who serves a person invites another expert onto the case, with a reason and a
 * scope. The invited expert accepts or declines; the inviter may withdraw an invitation not yet
 * answered; either ends an accepted one. While accepted, the invited expert reads the person's
 * record (心理档案) and, with `record_and_warnings`, follows up their warnings too.
 */
export const cooperationStatuses = ['invited', 'accepted', 'declined', 'withdrawn', 'ended'] as const;
export type CooperationStatus = (typeof cooperationStatuses)[number];

export const cooperationStatusLabels: Record<CooperationStatus, string> = {
  invited: '待接受',
  accepted: '协作中',
  declined: '已拒绝',
  withdrawn: '已撤回',
  ended: '已结束',
};

/** What the invited expert may do while the cooperation is accepted. */
export const cooperationScopes = ['record_read', 'record_and_warnings'] as const;
export type CooperationScope = (typeof cooperationScopes)[number];

export const cooperationScopeLabels: Record<CooperationScope, string> = {
  record_read: '只读查阅档案',
  record_and_warnings: '查阅档案并协助跟进预警',
};

export const COOPERATION_REASON_MAX = 500;
export const COOPERATION_CLOSING_MAX = 300;
export const COOPERATION_MESSAGE_MAX = 1000;

/** `POST /api/expert/cooperations`: whom the case is about, whom I invite, what they may do, and why. */
export const cooperationBody = z.object({
  userId: id({ label: '协作用户', required: '请选择协作的用户' }),
  inviteeId: id({ label: '受邀专家', required: '请选择受邀专家' }),
  scope: z.enum(cooperationScopes, { error: '请选择协作范围' }),
  reason: z
    .string({ error: '请填写邀请原因' })
    .trim()
    .min(5, '邀请原因至少5个字')
    .max(COOPERATION_REASON_MAX, `邀请原因最多${COOPERATION_REASON_MAX}个字`),
});
export type CooperationBody = z.input<typeof cooperationBody>;

/** Declining an invitation or ending a cooperation: a reason may be given (or not). */
export const cooperationClosingBody = expertCase.optionalReason('原因', COOPERATION_CLOSING_MAX);
export type CooperationClosingBody = z.input<typeof cooperationClosingBody>;

export const cooperationIdParams = z.object({ id: idParam({ label: '协作编号' }) });

export const cooperationDirections = ['sent', 'received'] as const;
export type CooperationDirection = (typeof cooperationDirections)[number];

/** `GET /api/expert/cooperations`: invitations I sent or received, by state. */
export const expertCooperationsQuery = expertCase.directionQuery(cooperationDirections, cooperationStatuses);
export type ExpertCooperationsQuery = DirectionQuery<CooperationDirection, CooperationStatus>;

export type CooperationExpert = CaseExpert;

export const cooperationItem = z.object({
  id: z.number().int(),
  status: z.enum(cooperationStatuses),
  scope: z.enum(cooperationScopes),
  person: expertCase.person,
  inviter: expertCase.expert,
  invitee: expertCase.expert,
  reason: z.string(),
  createdAt: z.string(),
  /** When the invited expert accepted or declined. */
  respondedAt: z.string().nullable(),
  /** When it was withdrawn or ended. */
  closedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CooperationItem = z.infer<typeof cooperationItem>;

export const expertCooperationsPage = expertCase.directionPage(
  cooperationItem,
  cooperationDirections,
  cooperationStatuses,
);
export type ExpertCooperationsPage = z.infer<typeof expertCooperationsPage>;

export const cooperationDetail = cooperationItem.extend({
  /** The caller's side of it. */
  side: z.enum(['inviter', 'invitee']),
  /** Why the invited expert declined, or why it was ended (as given). */
  closingReason: z.string().nullable(),
  /** Who ended it (accepted -> ended). */
  endedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What the caller may do now. */
  can: z.object({
    accept: z.boolean(),
    decline: z.boolean(),
    withdraw: z.boolean(),
    end: z.boolean(),
    /** Write in the discussion thread. */
    post: z.boolean(),
    /** Open the person's record from here (the record endpoint decides in the end). */
    readRecord: z.boolean(),
  }),
});
export type CooperationDetail = z.infer<typeof cooperationDetail>;

/** A message of the discussion between the two experts. */
export const cooperationMessage = z.object({
  id: z.number().int(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  body: z.string(),
  createdAt: z.string(),
});
export type CooperationMessage = z.infer<typeof cooperationMessage>;

export const cooperationMessageBody = z.object({
  body: z
    .string({ error: '请输入讨论内容' })
    .trim()
    .min(1, '请输入讨论内容')
    .max(COOPERATION_MESSAGE_MAX, `讨论内容最多${COOPERATION_MESSAGE_MAX}个字`),
});
export type CooperationMessageBody = z.input<typeof cooperationMessageBody>;

/** A person the inviter serves, to choose in the 发起协作 form (as in the transfer form). */
export const cooperationPerson = expertCase.servedPerson;
export type CooperationPerson = ServedPerson;

export const cooperationSearchQuery = expertCase.searchQuery;

/** An expert who may be invited (active, not the caller). */
export const cooperationInvitee = expertCase.expert;
