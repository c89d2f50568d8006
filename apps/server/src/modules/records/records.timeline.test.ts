import type { RecordEntry } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { assembleTimeline, countsOf, trendsOf } from './records.timeline';

const assessment = (id: number, at: string, parts: [number, string, number | null][]): RecordEntry => ({
  kind: 'assessment',
  at,
  id,
  title: `测评${id}`,
  parts: parts.map(([scaleId, shortName, score]) => ({
    scaleId,
    scaleName: shortName,
    shortName,
    score,
    scoreLabel: '总分',
    band: score === null ? null : score > 10 ? '中度' : '轻度',
  })),
  maxWarningLevel: null,
});

const warning = (id: number, at: string, status: 'pending' | 'closed'): RecordEntry => ({
  kind: 'warning',
  at,
  id,
  assessmentId: 1,
  level: 2,
  reason: '总分偏高',
  scaleName: 'PHQ-9',
  status,
  progress: [],
  canFollowUp: true,
});

describe('record timeline', () => {
  it('puts every source’s entries newest first, keeping the given order at one moment', () => {
    const a = assessment(1, '2026-11-01T02:00:00Z', []);
    const w = warning(9, '2026-11-01T02:00:00Z', 'pending');
    const b = assessment(2, '2026-11-03T02:00:00Z', []);
    expect(assembleTimeline([[a, b], [w]]).map((e) => `${e.kind}${e.id}`)).toEqual([
      'assessment2',
      'assessment1',
      'warning9',
    ]);
    expect(assembleTimeline([])).toEqual([]);
  });

  it('draws one line per scale, oldest point first, leaving out unscored parts', () => {
    const timeline = assembleTimeline([
      [
        assessment(3, '2026-11-05T00:00:00Z', [[10, 'PHQ-9', 14]]),
        assessment(1, '2026-10-01T00:00:00Z', [
          [10, 'PHQ-9', 6],
          [11, 'GAD-7', 4],
        ]),
        assessment(2, '2026-10-20T00:00:00Z', [[10, 'PHQ-9', null]]),
      ],
    ]);
    const trends = trendsOf(timeline);
    expect(trends.map((t) => t.shortName)).toEqual(['PHQ-9', 'GAD-7']);
    expect(trends[0]!.points.map((p) => [p.assessmentId, p.score, p.band])).toEqual([
      [1, 6, '轻度'],
      [3, 14, '中度'],
    ]);
  });

  it('counts assessments, warnings still open, bookings and their notes', () => {
    const booking = (id: number, note: boolean): RecordEntry => ({
      kind: 'booking',
      at: '2026-11-01T00:00:00Z',
      id,
      status: 'completed',
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-11-01T00:50:00Z',
      mode: 'online',
      topic: '睡眠',
      expert: { id: 7, name: '王静怡' },
      note: note
        ? {
            id: 1,
            bookingId: id,
            topic: '睡眠',
            risk: 'low',
            nextStep: '两周后复谈',
            content: '情绪平稳',
            author: { id: 7, name: '王静怡' },
            createdAt: '2026-11-01T01:00:00Z',
            updatedAt: '2026-11-01T01:00:00Z',
          }
        : null,
    });
    expect(
      countsOf([
        assessment(1, '2026-11-01T00:00:00Z', []),
        warning(1, '2026-11-01T00:00:00Z', 'pending'),
        warning(2, '2026-11-01T00:00:00Z', 'closed'),
        booking(1, true),
        booking(2, false),
      ]),
    ).toEqual({ assessments: 1, warnings: 2, openWarnings: 1, bookings: 2, notes: 1 });
  });
});
