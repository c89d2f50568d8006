import { z } from 'zod';

export const databaseKind = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof databaseKind>;

export const healthData = z.object({
  ok: z.boolean(),
  database: databaseKind,
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthData = z.infer<typeof healthData>;
