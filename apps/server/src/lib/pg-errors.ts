/** The SQLSTATE and constraint of a database error, whichever driver or wrapper threw it. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  let e = err as
    { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown } | undefined;
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint =
        typeof e.constraint === 'string'
          ? e.constraint
          : typeof e.constraint_name === 'string'
            ? e.constraint_name
            : undefined;
      return { code: e.code, constraint };
    }
    e = e.cause as typeof e;
  }
  return {};
}

export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';
