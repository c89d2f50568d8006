import { z } from 'zod';
import { idParam, page, pageQuery } from './common';

/**
 * 筛查预警的分级处置 (#19, "After the screening"): a warning raised by an assessment taken through a
 * campaign is routed to the staff of the person's unit, who must record a first contact within
 * the campaign's contact time (`contactHours`, by level); unhandled, it goes up to the parent
 * unit's staff, and so on up to the centre (the auditors). Unit staff see who, where, the level
 * and the deadline, never answers nor scores.
 */
export const CAMPAIGN_CONTACT_NOTE_MAX = 200;

/** Risk words unit staff read, by warning level 1..3. */
export const warningRiskLabels: Record<number, string> = { 1: '低危', 2: '中危', 3: '高危' };
/** Where a warning is routed when it has gone past every unit. */
export const CAMPAIGN_CENTRE_NAME = '心理中心';

/**
 * A routed warning's state for unit staff: 待联系 (no first contact yet), 已联系 (unit staff recorded
 * a first contact, or an expert a follow-up record), 已结案 (the warning is closed).
 */
export const campaignWarningStates = ['pending', 'contacted', 'closed'] as const;
export type CampaignWarningState = (typeof campaignWarningStates)[number];
export const campaignWarningStateLabels: Record<CampaignWarningState, string> = {
  pending: '待联系',
  contacted: '已联系',
  closed: '已结案',
};

export const campaignWarningMessages = {
  missing: '预警不存在',
  alreadyContacted: '已记录过首次联系，无需重复记录',
  closed: '预警已结案，无需记录联系',
} as const;

export const campaignWarningIdParams = z.object({ id: idParam({ label: '预警编号' }) });

/** `GET /api/org/my/warnings` and `GET /api/audit/campaigns/:id/warnings`. */
export const campaignWarningsQuery = pageQuery.extend({
  campaignId: idParam({ label: '活动编号' }).optional(),
  state: z.enum(campaignWarningStates, { error: '预警状态不正确' }).optional(),
});
export type CampaignWarningsQuery = z.infer<typeof campaignWarningsQuery>;
/** `GET /api/audit/campaigns/:id/warnings`: the campaign is in the path. */
export const campaignWarningsAuditQuery = pageQuery.extend({
  state: z.enum(campaignWarningStates, { error: '预警状态不正确' }).optional(),
});
export type CampaignWarningsAuditQuery = z.infer<typeof campaignWarningsAuditQuery>;

/** `POST /api/org/my/warnings/:id/contact`: the first contact, in a few words. */
export const campaignWarningContactBody = z.object({
  note: z
    .string({ error: '请填写联系情况' })
    .trim()
    .min(1, '请填写联系情况')
    .max(CAMPAIGN_CONTACT_NOTE_MAX, `联系情况最多${CAMPAIGN_CONTACT_NOTE_MAX}个字`),
});
export type CampaignWarningContactBody = z.infer<typeof campaignWarningContactBody>;

/** A routed warning as unit staff see it: who, where, how urgent, by when; no answers, no scores. */
export const campaignWarningItem = z.object({
  /** The warning's id. */
  id: z.number().int(),
  campaignId: z.number().int(),
  campaignTitle: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  memberNo: z.string(),
  /** The person's unit. */
  unitId: z.number().int(),
  unitName: z.string(),
  level: z.number().int(),
  /** When it was first routed (raised). */
  routedAt: z.string(),
  /** Where it is now: a unit, or null for the centre (心理中心). */
  currentUnitId: z.number().int().nullable(),
  currentUnitName: z.string(),
  /** Routing steps taken so far (0: still at the first unit). */
  step: z.number().int(),
  /** The current step's contact deadline; null at the centre. */
  dueAt: z.string().nullable(),
  state: z.enum(campaignWarningStates),
  /** Not contacted and past the current deadline (the sweeper is about to move it up). */
  overdue: z.boolean(),
  /** The first contact: unit staff's or the experts' first follow-up record, whichever came first. */
  contactedAt: z.string().nullable(),
  /**
   * The person's warnings in this campaign (a plan's scales and items may raise several). Unit
   * staff get one row per person, its most urgent warning; one first contact answers them all.
   */
  warningCount: z.number().int(),
});
export type CampaignWarningItem = z.infer<typeof campaignWarningItem>;
export const campaignWarningPage = page(campaignWarningItem);

/** One routing step (auditors). */
export const campaignWarningRoute = z.object({
  step: z.number().int(),
  unitId: z.number().int().nullable(),
  unitName: z.string(),
  routedAt: z.string(),
  dueAt: z.string().nullable(),
  contactedAt: z.string().nullable(),
  contactedByName: z.string().nullable(),
  contactNote: z.string().nullable(),
  escalatedAt: z.string().nullable(),
});
export type CampaignWarningRoute = z.infer<typeof campaignWarningRoute>;
/** A routed warning as auditors see it: the person's account and the take too (to open their record). */
export const campaignWarningAuditItem = campaignWarningItem.extend({
  userId: z.number().int(),
  assessmentId: z.number().int(),
  routes: z.array(campaignWarningRoute),
});
export type CampaignWarningAuditItem = z.infer<typeof campaignWarningAuditItem>;
export const campaignWarningAuditPage = page(campaignWarningAuditItem);

/**
 * 处置成效: figures over a campaign's warnings, counted in SQL. Contact is the first of unit staff's
 * recorded contact and the experts' first follow-up record; referred: a transfer (转介) of the
 * person was proposed after the warning; re-tested: the person submitted the warning's scale again
 * after it; improved: that re-test's raw total is lower; closed: the warning is closed.
 */
export const campaignOutcomeFigures = z.object({
  raised: z.number().int(),
  contactedWithin24h: z.number().int(),
  contactedWithin72h: z.number().int(),
  contacted: z.number().int(),
  /** Hours from the warning to its first contact, over those contacted (one decimal); null: none yet. */
  medianHoursToContact: z.number().nullable(),
  meanHoursToContact: z.number().nullable(),
  referred: z.number().int(),
  retested: z.number().int(),
  improved: z.number().int(),
  closed: z.number().int(),
});
export type CampaignOutcomeFigures = z.infer<typeof campaignOutcomeFigures>;
export const campaignUnitOutcome = campaignOutcomeFigures.extend({
  unitId: z.number().int(),
  unitName: z.string(),
});
export type CampaignUnitOutcome = z.infer<typeof campaignUnitOutcome>;
/** Per target unit (its sub-units included; for unit staff: their units only) and in total. */
export const campaignOutcomes = z.object({
  total: campaignOutcomeFigures,
  units: z.array(campaignUnitOutcome),
});
export type CampaignOutcomes = z.infer<typeof campaignOutcomes>;
