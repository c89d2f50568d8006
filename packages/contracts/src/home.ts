import { z } from 'zod';
import { institutionSummary } from './institutions';

/** The home page: platform figures plus one section per kind of content the server has. */
export const homeOverview = z.object({
  stats: z.object({
    institutions: z.number().int(),
    experts: z.number().int(),
    users: z.number().int(),
  }),
  institutions: z.array(institutionSummary),
  hotlines: z.array(z.object({ name: z.string(), number: z.string(), note: z.string() })),
});
export type HomeOverview = z.infer<typeof homeOverview>;
