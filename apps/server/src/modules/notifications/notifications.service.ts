import type { Notification, NotificationPage } from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { EventContext } from '../../lib/events';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { Hub } from '../../realtime/hub';
import type { Actor } from '../auth';
import { canReadNotification } from './notifications.policy';
import { notificationsRepository, type NotificationRow } from './notifications.repository';

export interface NewNotification {
  kind: Notification['kind'];
  title: string;
  content: string;
  link?: string | null;
}

function present(r: NotificationRow): Notification {
  return {
    id: r.id,
    kind: r.kind as Notification['kind'],
    title: r.title,
    content: r.content,
    link: r.link,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

export function createNotificationsService({ db, clock, hub }: { db: Db; clock: Clock; hub: Hub }) {
  return {
    /**
     * Stores the notification in the event's delivery transaction, and pushes it live to the
     * user's sockets once that has committed.
     */
    async notify(
      userId: number,
      n: NewNotification,
      ctx: { tx: DbOrTx; afterCommit: EventContext['afterCommit'] },
    ): Promise<Notification> {
      const row = await notificationsRepository.insert(ctx.tx, {
        userId,
        kind: n.kind,
        title: n.title,
        content: n.content,
        link: n.link ?? null,
        createdAt: clock(),
      });
      const out = present(row);
      ctx.afterCommit(() => hub.push(userId, 'notification', { type: 'notification', notification: out }));
      return out;
    },

    async list(
      userId: number,
      q: { pageNum: number; pageSize: number; status: 'all' | 'read' | 'unread' },
    ): Promise<NotificationPage> {
      const { rows, total, unread } = await notificationsRepository.page(db, userId, q);
      return {
        list: rows.map(present),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        haveNotRead: unread,
      };
    },

    unreadCount: (userId: number): Promise<number> => notificationsRepository.unreadCount(db, userId),

    /** Someone else's notification answers 404, like one that does not exist. */
    async markRead(actor: Actor, id: number): Promise<void> {
      const row = await notificationsRepository.byId(db, id);
      if (!row || !canReadNotification(actor, row)) throw notFound('通知不存在');
      if (!row.readAt) await notificationsRepository.markRead(db, id, clock());
    },

    markAllRead: (userId: number): Promise<number> =>
      notificationsRepository.markAllRead(db, userId, clock()),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
