import { z } from 'zod';

/** What the footer and page titles need from the operator's configuration. */
export const siteConfig = z.object({
  name: z.string(),
  copyright: z.string(),
  icp: z.string(),
  psb: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfig>;
