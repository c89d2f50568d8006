import { AGENDA_ITEMS } from '@psy/contracts';
import type { Db } from '../../db/client';
import type { AgendaProvider } from '../agenda';
import { reportsRepository as repo } from './reports.repository';

const DAY_MS = 86_400_000;

/** 待审批报告: reports of the expert's people waiting for approval, the longest-waiting first. */
export const reportsAgenda = (db: Db): AgendaProvider => ({
  key: 'reports',
  order: 30,
  async load(actor, day) {
    const dayAgo = new Date(day.now.getTime() - DAY_MS);
    const [{ rows, counts }, late] = await Promise.all([
      repo.approvals(
        db,
        { expertId: actor.userId, status: 'generated', oldestFirst: true },
        { pageNum: 1, pageSize: AGENDA_ITEMS },
      ),
      repo.waitingSince(db, actor.userId, dayAgo),
    ]);
    const count = counts.get('generated') ?? 0;
    const isLate = (at: Date | null) => !!at && at < dayAgo;
    return {
      count,
      // Waiting over a day: the person paid for it and is still waiting.
      urgent: late,
      note: null,
      items: rows.map(({ a, userName }) => ({
        id: a.id,
        title: `${userName} · ${a.title}`,
        sub: null,
        at: (a.submittedAt ?? a.createdAt).toISOString(),
        level: null,
        tag: isLate(a.submittedAt) ? '超过一天' : null,
      })),
    };
  },
});
