import { consultModeLabels } from '@psy/contracts';
import type { Db } from '../../db/client';
import { formatTime } from '../../lib/time';
import type { AgendaProvider } from '../agenda';
import { bookingsRepository as repo } from './bookings.repository';

const SOON_MS = 60 * 60_000;

/** 今日预约: the expert's confirmed bookings today, in time order; those within the hour first. */
export const bookingsAgenda = (db: Db): AgendaProvider => ({
  key: 'bookings',
  order: 20,
  async load(actor, day) {
    const rows = await repo.expertDay(db, actor.userId, day.start, day.end);
    const now = day.now.getTime();
    // What is still ahead comes first; what is over today stays at the end of the list.
    const ahead = rows.filter(({ b }) => b.endsAt.getTime() > now);
    const over = rows.filter(({ b }) => b.endsAt.getTime() <= now);
    const soon = ahead.filter(({ b }) => b.startsAt.getTime() - now <= SOON_MS);
    return {
      count: ahead.length,
      urgent: soon.length,
      note: rows.length ? `今日共 ${rows.length} 场，已结束 ${over.length} 场` : null,
      items: [...ahead, ...over].map(({ b, userName }) => ({
        id: b.id,
        title: `${formatTime(b.startsAt)}–${formatTime(b.endsAt)} ${userName}`,
        sub: b.topic,
        at: b.startsAt.toISOString(),
        level: null,
        tag:
          b.endsAt.getTime() <= now
            ? '已结束'
            : b.startsAt.getTime() <= now
              ? '进行中'
              : consultModeLabels[b.mode],
      })),
    };
  },
});
