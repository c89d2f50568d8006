import { z } from 'zod';
import { contentStatuses, scaleSummary, type ContentStatus } from './assessments';
import { pageQuery, type PageParams } from './common';
import type { ScaleDefinitionInput } from './scales';

/** Creating or saving a scale draft; the definition is checked in full by the scale schema. */
export const scaleAuthoringBody = z.object({
  name: z.string().trim().min(2, '请输入量表名称').max(100),
  shortName: z.string().trim().min(1, '请输入量表简称').max(30),
  intro: z.string().trim().min(10, '量表简介至少10个字').max(1000),
  category: z.string().trim().min(2, '请选择分类').max(20),
  priceFen: z.number().int().min(0, '价格不能为负').max(100_000, '报告价格不能超过1000元'),
  /** Checked in full by the scale schema; the answer names what is wrong. */
  definition: z.record(z.string(), z.unknown()),
});
export type ScaleBody = Omit<z.infer<typeof scaleAuthoringBody>, 'definition'> & {
  definition: ScaleDefinitionInput;
};

/** Where a scale stands in review, as its author and the auditors see it. */
const reviewState = {
  status: z.enum(contentStatuses),
  rejectReason: z.string().nullable(),
  published: z.boolean(),
};

/** An expert's own scale as the authoring list shows it. */
export const myScale = scaleSummary.extend(reviewState);
export type MyScale = z.infer<typeof myScale>;

/** The editable draft (authors) or the draft under review (auditors). */
export const scaleDraft = scaleSummary
  .pick({ id: true, code: true, name: true, shortName: true, intro: true, category: true })
  .extend({ priceFen: z.number().int(), ...reviewState, definition: z.record(z.string(), z.unknown()) });
export type ScaleDraft = Omit<z.infer<typeof scaleDraft>, 'definition'> & {
  definition: ScaleDefinitionInput;
};

/** `GET /api/audit/scales?status=`: without a status, experts' scales only. */
export const reviewScalesQuery = pageQuery.extend({ status: z.enum(contentStatuses).optional() });
export type ReviewScalesQuery = PageParams & { status?: ContentStatus | undefined };

/** A scale in the review queue. */
export const reviewScale = scaleSummary.extend({
  status: z.enum(contentStatuses),
  rejectReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type ReviewScale = z.infer<typeof reviewScale>;

export const scaleReviewBody = z.object({
  approve: z.boolean(),
  reason: z.string().trim().max(300).optional(),
});
export const scaleOnlineBody = z.object({ online: z.boolean() });
export const savedScale = z.object({ id: z.number().int() });
