import { z } from 'zod';
import { id, idParam, page, pageQuery } from './common';

/**
 * 筛查活动 (#19): a plan or a scale sent to some units of an institution's roster for a time
 * window, with its own consent text, reminders, and completion tracked per unit.
 */
export const CAMPAIGN_TITLE_MAX = 60;
export const CAMPAIGN_CONSENT_MAX = 5000;
export const CAMPAIGN_UNITS_MAX = 200;
/** Reminder days before closing: at most this many, each 0..this. */
export const CAMPAIGN_REMINDERS_MAX = 10;
export const CAMPAIGN_REMINDER_DAYS_MAX = 90;
/** A window may last at most this many days. */
export const CAMPAIGN_WINDOW_DAYS_MAX = 366;
/** "提醒未完成" may be pressed once per campaign in this many hours. */
export const CAMPAIGN_REMIND_COOLDOWN_HOURS = 12;
/** A phone receives at most this many campaign SMS (openings and reminders) in 24 hours; beyond that, in-app only. */
export const CAMPAIGN_SMS_PER_PHONE_PER_DAY = 3;
/**
 * 联系时限: the hours unit staff have to record a first contact after a campaign's warning is
 * routed to them, by warning level (index 0 = level 1 低危, 1 = 中危, 2 = 高危). The same time
 * applies at every step up the units; unhandled past it, the warning goes up one level.
 */
export const CAMPAIGN_CONTACT_HOURS_DEFAULT = [72, 48, 24] as const;
/** Each contact time is 1..this many hours (30 days). */
export const CAMPAIGN_CONTACT_HOURS_MAX = 720;
/** The most people one re-test (复测) lists by name. */
export const CAMPAIGN_RETEST_MEMBERS_MAX = 1000;

export const campaignStatuses = ['draft', 'open', 'closed'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const campaignStatusLabels: Record<CampaignStatus, string> = {
  draft: '草稿',
  open: '进行中',
  closed: '已结束',
};
/** A member's state in a campaign. */
export const campaignMemberStates = ['not_started', 'started', 'completed'] as const;
export type CampaignMemberState = (typeof campaignMemberStates)[number];
export const campaignMemberStateLabels: Record<CampaignMemberState, string> = {
  not_started: '未开始',
  started: '进行中',
  completed: '已完成',
};

export const campaignMessages = {
  planOrScale: '请选择一个测评方案或一个量表（只能选一个）',
  windowOrder: '结束时间必须晚于开始时间',
  windowTooLong: `活动时长最多${CAMPAIGN_WINDOW_DAYS_MAX}天`,
  noUnits: '请选择参与的单位',
  unitForeign: '所选单位不属于该机构',
  notDraft: '只有草稿状态的活动可以修改',
  notDraftToOpen: '只有草稿状态的活动可以发布',
  notOpen: '活动未在进行中',
  alreadyClosed: '活动已结束',
  closedWindow: '活动已过结束时间，不能发布',
  notYet: '活动尚未开始',
  over: '活动已结束',
  consentRequired: '请先阅读并同意知情同意书',
  starting: '测评正在创建，请稍后刷新',
  busyElsewhere: '您有一份相同的测评正在另一项筛查中进行，请先完成它',
  remindTooSoon: (hours: number) =>
    `提醒已发送过，同一活动每${CAMPAIGN_REMIND_COOLDOWN_HOURS}小时最多提醒一次，请在 ${hours} 小时后再试`,
  nobodyToRemind: '所有成员都已完成，无需提醒',
  retestDraft: '活动尚未发布，不能安排复测',
  retestNobody: '本次活动没有预警，无需安排复测',
  retestForeign: '只能为本次活动中有预警的人安排复测',
  reportUnitMissing: '单位不存在或不在本次活动范围内',
} as const;

const title = z
  .string({ error: '请填写活动名称' })
  .trim()
  .min(1, '请填写活动名称')
  .max(CAMPAIGN_TITLE_MAX, `活动名称最多${CAMPAIGN_TITLE_MAX}个字`);
const consentText = z
  .string({ error: '请填写知情同意书' })
  .trim()
  .min(1, '请填写知情同意书')
  .max(CAMPAIGN_CONSENT_MAX, `知情同意书最多${CAMPAIGN_CONSENT_MAX}个字`);
const when = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` });
const reminderDays = z
  .array(
    z
      .number({ error: '提醒天数不正确' })
      .int('提醒天数不正确')
      .min(0, '提醒天数不正确')
      .max(CAMPAIGN_REMINDER_DAYS_MAX, `提醒天数最多${CAMPAIGN_REMINDER_DAYS_MAX}天`),
  )
  .max(CAMPAIGN_REMINDERS_MAX, `最多设置${CAMPAIGN_REMINDERS_MAX}次提醒`);
const contactHours = z
  .array(
    z
      .number({ error: '联系时限不正确' })
      .int('联系时限应为整数小时')
      .min(1, '联系时限至少1小时')
      .max(CAMPAIGN_CONTACT_HOURS_MAX, `联系时限最多${CAMPAIGN_CONTACT_HOURS_MAX}小时`),
    { error: '联系时限不正确' },
  )
  .length(3, '联系时限需按低危、中危、高危各填一项');
const unitIds = z
  .array(id({ label: '单位' }))
  .min(1, campaignMessages.noUnits)
  .max(CAMPAIGN_UNITS_MAX, `最多选择${CAMPAIGN_UNITS_MAX}个单位`);

const campaignFields = {
  title,
  planId: id({ label: '测评方案' }).nullish(),
  scaleId: id({ label: '量表' }).nullish(),
  unitIds,
  opensAt: when('开始时间'),
  closesAt: when('结束时间'),
  consentText,
  showResultToMember: z.boolean({ error: '是否向成员展示结果不正确' }).default(true),
  reminderDaysBeforeClose: reminderDays.default([]),
  contactHours: contactHours.default([...CAMPAIGN_CONTACT_HOURS_DEFAULT]),
};
type Window = { opensAt: string; closesAt: string };
const span = (w: Window) => Date.parse(w.closesAt) - Date.parse(w.opensAt);
const windowOk = (w: Window) => span(w) > 0;
const windowShort = (w: Window) => span(w) <= CAMPAIGN_WINDOW_DAYS_MAX * 86_400_000;
const exactlyOne = (b: { planId?: number | null | undefined; scaleId?: number | null | undefined }) =>
  (b.planId != null) !== (b.scaleId != null);

/** `POST /api/audit/campaigns`: a draft. */
export const campaignCreateBody = z
  .object({ institutionId: id({ label: '机构', required: '请选择机构' }), ...campaignFields })
  .refine(exactlyOne, { message: campaignMessages.planOrScale, path: ['planId'] })
  .refine(windowOk, { message: campaignMessages.windowOrder, path: ['closesAt'] })
  .refine(windowShort, { message: campaignMessages.windowTooLong, path: ['closesAt'] });
export type CampaignCreateBody = z.input<typeof campaignCreateBody>;
export type CampaignCreate = z.infer<typeof campaignCreateBody>;

/** `PUT /api/audit/campaigns/:id`: a draft's every field again (the institution stays). */
export const campaignEditBody = z
  .object(campaignFields)
  .refine(exactlyOne, { message: campaignMessages.planOrScale, path: ['planId'] })
  .refine(windowOk, { message: campaignMessages.windowOrder, path: ['closesAt'] })
  .refine(windowShort, { message: campaignMessages.windowTooLong, path: ['closesAt'] });
export type CampaignEditBody = z.input<typeof campaignEditBody>;
export type CampaignEdit = z.infer<typeof campaignEditBody>;

/**
 * `POST /api/audit/campaigns/:id/retests`: a follow-up re-test (复测) of the people with warnings
 * in a campaign, as a new draft with the same plan or scale, consent and settings, targeting
 * those people only. Without `memberIds` it lists every one of them.
 */
export const campaignRetestBody = z
  .object({
    title: title.optional(),
    memberIds: z
      .array(id({ label: '成员' }), { error: '复测名单不正确' })
      .min(1, '请至少选择一人')
      .max(CAMPAIGN_RETEST_MEMBERS_MAX, `一次复测最多${CAMPAIGN_RETEST_MEMBERS_MAX}人`)
      .optional(),
    opensAt: when('开始时间'),
    closesAt: when('结束时间'),
  })
  .refine(windowOk, { message: campaignMessages.windowOrder, path: ['closesAt'] })
  .refine(windowShort, { message: campaignMessages.windowTooLong, path: ['closesAt'] });
export type CampaignRetestBody = z.input<typeof campaignRetestBody>;
export type CampaignRetest = z.infer<typeof campaignRetestBody>;

/** Someone with a warning in a campaign, as the re-test form lists them (auditors only). */
export const campaignRetestCandidate = z.object({
  memberId: z.number().int(),
  name: z.string(),
  memberNo: z.string(),
  /** The member's unit with its parents. */
  unitName: z.string(),
  /** The highest warning level of their take (1 低危, 2 中危, 3 高危). */
  level: z.number().int(),
  warnedAt: z.string(),
  /** Re-tests of this campaign that already list them. */
  retestIds: z.array(z.number().int()),
});
export const campaignRetestCandidateList = z.array(campaignRetestCandidate);
export type CampaignRetestCandidate = z.infer<typeof campaignRetestCandidate>;

export const campaignIdParams = z.object({ id: idParam({ label: '活动编号' }) });
export const campaignUnitParams = z.object({
  id: idParam({ label: '活动编号' }),
  unitId: idParam({ label: '单位编号' }),
});
export const campaignListQuery = pageQuery.extend({
  institutionId: idParam({ label: '机构' }).optional(),
  status: z.enum(campaignStatuses, { error: '活动状态不正确' }).optional(),
});
export type CampaignListQuery = z.infer<typeof campaignListQuery>;
/** The report's file formats: the Excel workbook (default) or a PDF with the same content. */
export const campaignReportFormats = ['xlsx', 'pdf'] as const;
export type CampaignReportFormat = (typeof campaignReportFormats)[number];
/**
 * `GET /api/audit/campaigns/:id/report` and `GET /api/org/my/campaigns/:id/report`: the format,
 * and optionally one unit the campaign reaches (its sub-units included) to report on alone.
 */
export const campaignReportQuery = z.object({
  format: z
    .enum(campaignReportFormats, { error: '报告格式不正确，请选择 xlsx（Excel）或 pdf' })
    .default('xlsx'),
  unitId: idParam({ label: '单位编号' }).optional(),
});
export type CampaignReportQuery = z.infer<typeof campaignReportQuery>;
export const campaignStartBody = z.object({
  consent: z.literal(true, { error: campaignMessages.consentRequired }),
});

export const campaignProgress = z.object({
  /** Targeted members with an account (members of the units and their sub-units). */
  total: z.number().int(),
  completed: z.number().int(),
  started: z.number().int(),
  notStarted: z.number().int(),
});
export type CampaignProgress = z.infer<typeof campaignProgress>;

export const campaign = z.object({
  id: z.number().int(),
  institutionId: z.number().int(),
  title: z.string(),
  planId: z.number().int().nullable(),
  scaleId: z.number().int().nullable(),
  unitIds: z.array(z.number().int()),
  opensAt: z.string(),
  closesAt: z.string(),
  consentText: z.string(),
  showResultToMember: z.boolean(),
  reminderDaysBeforeClose: z.array(z.number().int()),
  /** Hours to first contact by warning level (低危, 中危, 高危). */
  contactHours: z.array(z.number().int()),
  status: z.enum(campaignStatuses),
  lastRemindedAt: z.string().nullable(),
  createdAt: z.string(),
  progress: campaignProgress,
  /** The campaign this one re-tests (复测), if it is a re-test. */
  retestOf: z.number().int().nullable(),
  /** How many people a re-test lists by name; null for a campaign that targets whole units (and in unit staff's views). */
  listedMembers: z.number().int().nullable(),
});
export type Campaign = z.infer<typeof campaign>;
export const campaignPage = page(campaign);

/** One targeted unit's completion (its sub-units included). */
export const campaignUnitProgress = campaignProgress.extend({
  unitId: z.number().int(),
  /** The unit with its parents, e.g. 计算机学院/2026级. */
  unitName: z.string(),
});
export type CampaignUnitProgress = z.infer<typeof campaignUnitProgress>;
/** A re-test of a campaign, as its detail lists them. */
export const campaignRetestSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(campaignStatuses),
  opensAt: z.string(),
  closesAt: z.string(),
  progress: campaignProgress,
});
export type CampaignRetestSummary = z.infer<typeof campaignRetestSummary>;
export const campaignDetail = campaign.extend({
  units: z.array(campaignUnitProgress),
  /** Its re-tests (auditors only; empty for unit staff). */
  retests: z.array(campaignRetestSummary),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;

/**
 * Someone who has not finished, as unit staff and auditors see them: who, where, how far, and
 * for unit staff the risk level only (the highest warning level of the campaign's assessment),
 * never answers nor scores.
 */
export const campaignPendingMember = z.object({
  memberId: z.number().int(),
  name: z.string(),
  memberNo: z.string(),
  unitId: z.number().int(),
  state: z.enum(campaignMemberStates),
  startedAt: z.string().nullable(),
});
export const campaignPendingList = z.array(campaignPendingMember);
export type CampaignPendingMember = z.infer<typeof campaignPendingMember>;

/** A member of a staff's unit with their state and risk level (1..3, null: none). */
export const campaignStaffMember = campaignPendingMember.extend({
  riskLevel: z.number().int().nullable(),
});
export const campaignStaffMemberList = z.array(campaignStaffMember);
export type CampaignStaffMember = z.infer<typeof campaignStaffMember>;

export const campaignRemindResult = z.object({ reminded: z.number().int(), sms: z.number().int() });
export type CampaignRemindResult = z.infer<typeof campaignRemindResult>;

/** 我的筛查: an open campaign that targets me, with my state. */
export const myCampaign = z.object({
  id: z.number().int(),
  title: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  consentText: z.string(),
  showResultToMember: z.boolean(),
  state: z.enum(campaignMemberStates),
  assessmentId: z.number().int().nullable(),
});
export const myCampaignList = z.array(myCampaign);
export type MyCampaign = z.infer<typeof myCampaign>;
export const campaignStartResult = z.object({ assessmentId: z.number().int() });
