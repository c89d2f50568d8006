import { AGENDA_ITEMS } from '@psy/contracts';
import type { Db } from '../../db/client';
import type { AgendaProvider } from '../agenda';
import { warningsRepository as repo } from './warnings.repository';

const LEVELS = ['一级', '二级', '三级'];

/** 待处理预警: the expert's pending warnings, the highest level and the oldest first. */
export const warningsAgenda = (db: Db): AgendaProvider => ({
  key: 'warnings',
  order: 10,
  async load(actor) {
    const { levels, rows } = await repo.pendingOf(db, actor.userId, AGENDA_ITEMS);
    const per = (level: number) => levels.find((l) => l.level === level);
    const count = levels.reduce((s, l) => s + l.n, 0);
    // Level 3 is the highest risk; an overdue warning has been escalated to the auditors.
    const urgent = levels.reduce((s, l) => s + (l.level === 3 ? l.n : l.overdue), 0);
    return {
      count,
      urgent,
      note: count ? [3, 2, 1].map((l) => `${LEVELS[l - 1]} ${per(l)?.n ?? 0}`).join(' · ') : null,
      items: rows.map(({ w, userName }) => ({
        id: w.id,
        title: `${userName} · ${w.reason}`,
        sub: w.scaleName,
        at: w.createdAt.toISOString(),
        level: w.level,
        tag: w.escalatedAt ? '已超时' : null,
      })),
    };
  },
});
