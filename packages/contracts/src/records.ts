import { z } from 'zod';
import { idParam, page, pageQuery } from './common';
import { cooperationScopes, cooperationStatuses } from './cooperations';
import { feedbackKinds, feedbackStatuses } from './feedback';
import { transferStatuses } from './transfers';
import { warningStatuses } from './warnings';

// ---- session notes (咨询记录): the expert's private note on a completed booking ----

/** The expert's view of the person's risk after a session. */
export const riskLevels = ['none', 'low', 'medium', 'high'] as const;
export type RiskLevel = (typeof riskLevels)[number];
export const riskLevelLabels: Record<RiskLevel, string> = {
  none: '无风险',
  low: '低风险',
  medium: '中风险',
  high: '高风险',
};

export const SESSION_NOTE_TOPIC_MAX = 100;
export const SESSION_NOTE_NEXT_MAX = 500;
export const SESSION_NOTE_CONTENT_MAX = 5000;

/** `PUT /api/expert/bookings/:id/note`: the structured part and the free text. */
export const sessionNoteBody = z.object({
  topic: z
    .string({ error: '请填写咨询主题' })
    .trim()
    .min(1, '请填写咨询主题')
    .max(SESSION_NOTE_TOPIC_MAX, `咨询主题最多${SESSION_NOTE_TOPIC_MAX}个字`),
  risk: z.enum(riskLevels, { error: '请选择风险评估' }),
  nextStep: z
    .string({ error: '请填写下一步计划' })
    .trim()
    .min(1, '请填写下一步计划')
    .max(SESSION_NOTE_NEXT_MAX, `下一步计划最多${SESSION_NOTE_NEXT_MAX}个字`),
  content: z
    .string({ error: '请填写咨询记录' })
    .trim()
    .min(1, '请填写咨询记录')
    .max(SESSION_NOTE_CONTENT_MAX, `咨询记录最多${SESSION_NOTE_CONTENT_MAX}个字`),
});
export type SessionNoteBody = z.input<typeof sessionNoteBody>;

export const sessionNote = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  topic: z.string(),
  risk: z.enum(riskLevels),
  nextStep: z.string(),
  content: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SessionNote = z.infer<typeof sessionNote>;

/** `GET /api/expert/bookings/:id/note`: the booking's note (null before one is written), and whether I may write it. */
export const bookingNote = z.object({
  bookingId: z.number().int(),
  note: sessionNote.nullable(),
  /** The booking is completed and mine, and the note (if any) is mine. */
  canWrite: z.boolean(),
});
export type BookingNote = z.infer<typeof bookingNote>;

export const bookingNoteParams = z.object({ id: idParam({ label: '预约编号' }) });

// ---- the person's record (心理档案) ----

export const recordParams = z.object({ userId: idParam({ label: '用户' }) });

/** How the caller came to read the record. */
export const recordVias = ['assigned', 'cooperation', 'auditor'] as const;
export type RecordVia = (typeof recordVias)[number];
export const recordViaLabels: Record<RecordVia, string> = {
  assigned: '负责专家',
  cooperation: '协作专家',
  auditor: '平台审核员',
};

const at = z.string();

export const recordAssessmentEntry = z.object({
  kind: z.literal('assessment'),
  at,
  id: z.number().int(),
  title: z.string(),
  parts: z.array(
    z.object({
      scaleId: z.number().int(),
      scaleName: z.string(),
      shortName: z.string(),
      /** The standard score where the scale has one, else the raw total. */
      score: z.number().nullable(),
      scoreLabel: z.string(),
      band: z.string().nullable(),
    }),
  ),
  maxWarningLevel: z.number().int().nullable(),
});

export const recordWarningEntry = z.object({
  kind: z.literal('warning'),
  at,
  id: z.number().int(),
  assessmentId: z.number().int(),
  level: z.number().int(),
  reason: z.string(),
  scaleName: z.string(),
  status: z.enum(warningStatuses),
  progress: z.array(
    z.object({
      actorName: z.string(),
      status: z.enum(warningStatuses),
      note: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** The caller may add follow-up records to it (its expert, an auditor, a cooperating expert with that scope). */
  canFollowUp: z.boolean(),
});

export const recordBookingEntry = z.object({
  kind: z.literal('booking'),
  at,
  id: z.number().int(),
  status: z.enum(['pending_payment', 'confirmed', 'completed', 'no_show', 'cancelled']),
  startsAt: z.string(),
  endsAt: z.string(),
  mode: z.enum(['online', 'offline']),
  topic: z.string(),
  expert: z.object({ id: z.number().int(), name: z.string() }),
  /** The expert's private session note (never in anything the person reads). */
  note: sessionNote.nullable(),
});

export const recordTransferEntry = z.object({
  kind: z.literal('transfer'),
  at,
  id: z.number().int(),
  status: z.enum(transferStatuses),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
});

export const recordCooperationEntry = z.object({
  kind: z.literal('cooperation'),
  at,
  id: z.number().int(),
  status: z.enum(cooperationStatuses),
  scope: z.enum(cooperationScopes),
  inviter: z.string(),
  invitee: z.string(),
  reason: z.string(),
});

/** Feedback the person left on a consultation, a report or a course, with its handling. */
export const recordFeedbackEntry = z.object({
  kind: z.literal('feedback'),
  at,
  id: z.number().int(),
  about: z.enum(feedbackKinds),
  subjectTitle: z.string(),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  status: z.enum(feedbackStatuses),
  reply: z.string().nullable(),
  /** The expert it was addressed to. */
  expert: z.object({ id: z.number().int(), name: z.string() }),
});

/**
 * One event of the person's timeline. Extension point: another domain joins with its own
 * variant here (the feedback module's `kind: 'feedback'`) and a `RecordSource` registered
 * with the records service on the server.
 */
export const recordEntry = z.discriminatedUnion('kind', [
  recordAssessmentEntry,
  recordWarningEntry,
  recordBookingEntry,
  recordTransferEntry,
  recordCooperationEntry,
  recordFeedbackEntry,
]);
export type RecordEntry = z.infer<typeof recordEntry>;
export type RecordEntryKind = RecordEntry['kind'];

export const recordEntryKindLabels: Record<RecordEntryKind, string> = {
  assessment: '测评',
  warning: '预警',
  booking: '预约与咨询记录',
  transfer: '转介',
  cooperation: '协作',
  feedback: '反馈',
};

/** One scale's scores over time, oldest first: the small line per scale. */
export const recordTrend = z.object({
  scaleId: z.number().int(),
  scaleName: z.string(),
  shortName: z.string(),
  scoreLabel: z.string(),
  points: z.array(
    z.object({
      assessmentId: z.number().int(),
      at: z.string(),
      score: z.number(),
      band: z.string().nullable(),
    }),
  ),
});
export type RecordTrend = z.infer<typeof recordTrend>;

export const personalRecord = z.object({
  person: z.object({
    id: z.number().int(),
    name: z.string(),
    gender: z.enum(['male', 'female', 'unknown']).nullable(),
    age: z.number().int().nullable(),
    /** In full for the assigned expert, auditors and cooperating experts who follow up warnings; masked otherwise. */
    telephone: z.string(),
    institution: z.string().nullable(),
    /** The assigned expert's name, if the person has one. */
    assignedExpert: z.string().nullable(),
  }),
  access: z.object({
    via: z.enum(recordVias),
    cooperationId: z.number().int().nullable(),
    scope: z.enum(cooperationScopes).nullable(),
  }),
  can: z.object({ followUpWarnings: z.boolean() }),
  counts: z.object({
    assessments: z.number().int(),
    warnings: z.number().int(),
    openWarnings: z.number().int(),
    bookings: z.number().int(),
    notes: z.number().int(),
  }),
  trends: z.array(recordTrend),
  /** Newest first. */
  timeline: z.array(recordEntry),
});
export type PersonalRecord = z.infer<typeof personalRecord>;

// ---- who looked at my record (the person's own page) ----

export const recordViewsQuery = pageQuery;

export const recordView = z.object({
  id: z.number().int(),
  at: z.string(),
  via: z.enum(recordVias),
  viewer: z.object({
    /** 负责专家, 协作专家, 平台审核员. */
    role: z.string(),
    /** The expert's name; 平台审核员 for an auditor. */
    name: z.string(),
    title: z.string().nullable(),
    institution: z.string().nullable(),
  }),
});
export type RecordView = z.infer<typeof recordView>;

/** An expert consulted on my case (an accepted cooperation, current or ended). */
export const consultedExpert = z.object({
  id: z.number().int(),
  expert: z.object({ name: z.string(), title: z.string().nullable(), institution: z.string().nullable() }),
  invitedBy: z.string(),
  scope: z.enum(cooperationScopes),
  active: z.boolean(),
  since: z.string(),
  endedAt: z.string().nullable(),
});
export type ConsultedExpert = z.infer<typeof consultedExpert>;

export const recordViewsPage = page(recordView).extend({
  consulted: z.array(consultedExpert),
});
export type RecordViewsPage = z.infer<typeof recordViewsPage>;
