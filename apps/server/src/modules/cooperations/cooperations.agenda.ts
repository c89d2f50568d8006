import { AGENDA_ITEMS, cooperationScopeLabels } from '@psy/contracts';
import type { Db } from '../../db/client';
import type { AgendaProvider } from '../agenda';
import { cooperationsRepository as repo } from './cooperations.repository';

/** 协作邀请: invitations from other experts waiting for this expert's answer, the oldest first. */
export const cooperationsAgenda = (db: Db): AgendaProvider => ({
  key: 'cooperations',
  order: 50,
  async load(actor) {
    const { rows, total } = await repo.awaitingReply(db, actor.userId, AGENDA_ITEMS);
    return {
      count: total,
      // Someone is waiting on each of them.
      urgent: total,
      note: null,
      items: rows.map(({ c, personName, fromName: inviterName }) => ({
        id: c.id,
        title: `${inviterName} 邀请你协作：${personName}`,
        sub: c.reason,
        at: c.createdAt.toISOString(),
        level: null,
        tag: cooperationScopeLabels[c.scope],
      })),
    };
  },
});
