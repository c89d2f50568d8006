import { z } from 'zod';
import { page, pageQuery, type PageParams } from './common';

// Pieces shared by the cases between two experts about a person: 转介 (transfers) and 协作
// (cooperations).

/** An expert of a case as lists and details show them. */
const expert = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  institution: z.string().nullable(),
});
export type CaseExpert = z.infer<typeof expert>;

/** The person a case is about. */
const person = z.object({ id: z.number().int(), name: z.string() });

/** A person the expert serves, to choose in a new case's form. */
const servedPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked: 138****0001. */
  telephone: z.string(),
  /** Their latest submitted assessment, if any. */
  lastAssessmentAt: z.string().nullable(),
});
export type ServedPerson = z.infer<typeof servedPerson>;

/** `?keyword=` of a new case's pickers (people, experts). */
const searchQuery = z.object({
  keyword: z.string({ error: '关键词不正确' }).trim().max(50, '关键词最多50个字').optional(),
});

/** A reason that may be given (or not) when a case is declined or ended: `label` names it in the messages. */
const optionalReason = (label: string, max: number) =>
  z.object({
    reason: z
      .string({ error: `${label}不正确` })
      .trim()
      .max(max, `${label}最多${max}个字`)
      .optional(),
  });

/** An expert's list of cases in one direction (sent / received …), filtered by state. */
function directionQuery<D extends string, S extends string>(
  directions: readonly [D, ...D[]],
  statuses: readonly [S, ...S[]],
) {
  return pageQuery.extend({
    direction: z.enum(directions, { error: '方向不正确' }).default(directions[0]),
    status: z.enum(statuses, { error: '状态不正确' }).optional(),
  });
}
export type DirectionQuery<D extends string, S extends string> = PageParams & {
  direction?: D;
  status?: S | undefined;
};

/** A page of such a list, with how many of the direction are in each state and how many each direction holds. */
function directionPage<T extends z.ZodType, D extends string, S extends string>(
  item: T,
  directions: readonly [D, ...D[]],
  statuses: readonly [S, ...S[]],
) {
  return page(item).extend({
    /** Of the asked direction, how many are in each state. */
    counts: z.record(z.enum(statuses), z.number().int()),
    /** How many each direction holds (whatever the state). */
    totals: z.record(z.enum(directions), z.number().int()),
  });
}

/** The shared pieces, as `expertCase.expert`, `expertCase.directionPage(…)` … */
export const expertCase = {
  expert,
  person,
  servedPerson,
  searchQuery,
  optionalReason,
  directionQuery,
  directionPage,
};
