import { z } from 'zod';

/** 机构: an institution (clinic, counselling centre, hospital department). */
export const institutionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  logo: z.string().nullable(),
  intro: z.string(),
});
export type InstitutionSummary = z.infer<typeof institutionSummary>;
