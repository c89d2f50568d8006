import type { PersonalRecord, RecordEntry, RecordTrend } from '@psy/contracts';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { RecordAccess } from './records.policy';

/** Whose record is assembled, for whom, and why they may read it. */
export interface RecordContext {
  userId: number;
  actor: Actor;
  access: RecordAccess;
}

/**
 * One domain's part of a person's timeline. The built-in ones (assessments, warnings, bookings
 * with their session notes, transfers, cooperations) are in records.sources.ts.
 *
 * EXTENSION POINT (feedback): the feedback module adds its `kind: 'feedback'` entry to
 * `recordEntry` in packages/contracts/src/records.ts and registers its source in services.ts:
 * `records.registerSource(feedbackRecordSource(feedback))`. Nothing here needs to change.
 */
export interface RecordSource {
  /** What it adds (for logs and tests), e.g. 'assessment', 'feedback'. */
  name: string;
  /** The entries this caller may read, each with its `at` (ISO) time. */
  entries(tx: DbOrTx, ctx: RecordContext): Promise<RecordEntry[]>;
}

/** Newest first; at the same moment the order the sources gave is kept. */
export function assembleTimeline(parts: RecordEntry[][]): RecordEntry[] {
  return parts
    .flat()
    .map((e, i) => ({ e, i, t: Date.parse(e.at) }))
    .sort((a, b) => b.t - a.t || a.i - b.i)
    .map((x) => x.e);
}

/** One line per scale the person took, oldest point first; a scale's points keep its score label. */
export function trendsOf(timeline: RecordEntry[]): RecordTrend[] {
  const byScale = new Map<number, RecordTrend>();
  for (const e of timeline) {
    if (e.kind !== 'assessment') continue;
    for (const p of e.parts) {
      if (p.score === null) continue;
      let t = byScale.get(p.scaleId);
      if (!t) {
        t = {
          scaleId: p.scaleId,
          scaleName: p.scaleName,
          shortName: p.shortName,
          scoreLabel: p.scoreLabel,
          points: [],
        };
        byScale.set(p.scaleId, t);
      }
      t.points.push({ assessmentId: e.id, at: e.at, score: p.score, band: p.band });
    }
  }
  return [...byScale.values()]
    .map((t) => ({ ...t, points: t.points.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)) }))
    .sort((a, b) => b.points.length - a.points.length || a.scaleId - b.scaleId);
}

/** The figures at the top of the record. */
export function countsOf(timeline: RecordEntry[]): PersonalRecord['counts'] {
  const counts = { assessments: 0, warnings: 0, openWarnings: 0, bookings: 0, notes: 0 };
  for (const e of timeline) {
    if (e.kind === 'assessment') counts.assessments++;
    else if (e.kind === 'warning') {
      counts.warnings++;
      if (e.status !== 'closed') counts.openWarnings++;
    } else if (e.kind === 'booking') {
      counts.bookings++;
      if (e.note) counts.notes++;
    }
  }
  return counts;
}
