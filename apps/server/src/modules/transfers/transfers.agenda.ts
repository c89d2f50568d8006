import { AGENDA_ITEMS, transferStatusLabels } from '@psy/contracts';
import type { Db } from '../../db/client';
import type { AgendaProvider } from '../agenda';
import { transfersRepository as repo } from './transfers.repository';

const WEEK_MS = 7 * 86_400_000;

/**
 * 转介: in the last seven days, people approved to move to the expert (reach out to them) and
 * the expert's own proposals that were declined or rejected (find another way).
 */
export const transfersAgenda = (db: Db): AgendaProvider => ({
  key: 'transfers',
  order: 40,
  async load(actor, day) {
    const since = new Date(day.now.getTime() - WEEK_MS);
    const { rows, total } = await repo.needingAttention(db, actor.userId, since, AGENDA_ITEMS);
    const incoming = rows.filter(({ t }) => t.toExpertId === actor.userId);
    return {
      count: total,
      urgent: 0,
      note: total ? '近 7 天' : null,
      items: rows.map(({ t, personName, fromName }) => ({
        id: t.id,
        title:
          t.toExpertId === actor.userId
            ? `${personName} 由 ${fromName} 转介给你`
            : `${personName} 的转介${transferStatusLabels[t.status]}`,
        sub: t.reason,
        at: t.updatedAt.toISOString(),
        level: null,
        tag: incoming.some((i) => i.t.id === t.id) ? '新转入' : transferStatusLabels[t.status],
      })),
    };
  },
});
