import type { StatsScope } from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

/** Whose figures a query counts: an expert's assigned people, one institution's people, or everyone. */
export type Scope =
  { kind: 'mine'; expertId: number } | { kind: 'institution'; institutionId: number } | { kind: 'all' };

/** The caller as the statistics rules see it: role plus the institution their account belongs to. */
export interface StatsViewer extends Actor {
  institutionId: number | null;
}

/**
 * What a caller may look at: auditors and admins everything; an expert their own people
 * (assessments and warnings assigned to them) and, when their account belongs to an
 * institution, that institution's people. Nobody else anything.
 */
export function allowedScopes(v: StatsViewer): StatsScope[] {
  if (isAuditor(v)) return ['all'];
  if (v.role !== 'expert') return [];
  return v.institutionId !== null ? ['mine', 'institution'] : ['mine'];
}

export const defaultScope = (v: StatsViewer): StatsScope | null => allowedScopes(v)[0] ?? null;

/** The scope asked for (or the default) if the caller may have it; null when they may not. */
export function resolveScope(v: StatsViewer, asked?: StatsScope): Scope | null {
  const wanted = asked ?? defaultScope(v);
  if (!wanted || !allowedScopes(v).includes(wanted)) return null;
  if (wanted === 'all') return { kind: 'all' };
  if (wanted === 'institution') return { kind: 'institution', institutionId: v.institutionId! };
  return { kind: 'mine', expertId: v.userId };
}

/** Names and phone numbers leave the platform unmasked only in an auditor's export. */
export const canSeeIdentities = (actor: Actor): boolean => isAuditor(actor);

/** A cache key per scope: two callers with the same scope share figures. */
export function scopeKey(s: Scope): string {
  if (s.kind === 'all') return 'all';
  return s.kind === 'mine' ? `mine:${s.expertId}` : `institution:${s.institutionId}`;
}

/**
 * Which of a recipient's big-screen scopes a new warning counts in, by the same rules as the
 * figures: the assigned expert's 'mine', the person's institution for experts of that
 * institution, 'all' for auditors and admins. Empty: the recipient is not told.
 */
export function liveScopes(
  recipient: StatsViewer,
  warning: { expertId: number | null; personInstitutionId: number | null },
): StatsScope[] {
  const out: StatsScope[] = [];
  for (const s of allowedScopes(recipient)) {
    if (s === 'all') out.push(s);
    else if (s === 'mine' && warning.expertId === recipient.userId) out.push(s);
    else if (
      s === 'institution' &&
      warning.personInstitutionId !== null &&
      warning.personInstitutionId === recipient.institutionId
    )
      out.push(s);
  }
  return out;
}
