import { AGENDA_ITEMS, feedbackKindLabels } from '@psy/contracts';
import type { Db } from '../../db/client';
import type { AgendaProvider } from '../agenda';
import { feedbackRepository as repo, LOW_RATING } from './feedback.repository';

/** 待处理反馈: feedback addressed to the expert and not handled yet, the oldest first. */
export const feedbackAgenda = (db: Db): AgendaProvider => ({
  key: 'feedback',
  order: 70,
  async load(actor) {
    const { rows, total, low } = await repo.openFor(db, actor.userId, AGENDA_ITEMS);
    return {
      count: total,
      urgent: low,
      note: null,
      items: rows.map(({ f, userName }) => ({
        id: f.id,
        title: `${userName} · ${f.subjectTitle}`,
        sub: f.content.slice(0, 60),
        at: f.createdAt.toISOString(),
        level: null,
        tag: `${f.rating} 星${f.rating <= LOW_RATING ? ' · 低分' : ''} · ${feedbackKindLabels[f.kind]}`,
      })),
    };
  },
});
