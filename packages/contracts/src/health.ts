import { z } from 'zod';

export const databaseKind = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof databaseKind>;

/** Anyone learns only up or down; an administrator's token also gets the details. */
export const healthData = z.object({
  ok: z.boolean(),
  database: databaseKind.optional(),
  version: z.string().optional(),
  uptimeSeconds: z.number().optional(),
});
export type HealthData = z.infer<typeof healthData>;
