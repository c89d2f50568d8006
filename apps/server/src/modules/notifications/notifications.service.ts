import type { Notification, NotificationPage } from '@psy/contracts';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { EventContext } from '../../lib/events';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { Hub } from '../../realtime/hub';
import { notifications } from './notifications.table';

export interface NewNotification {
  kind: Notification['kind'];
  title: string;
  content: string;
  link?: string | null;
}

type Row = typeof notifications.$inferSelect;

function present(r: Row): Notification {
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
      const [row] = await ctx.tx
        .insert(notifications)
        .values({
          userId,
          kind: n.kind,
          title: n.title,
          content: n.content,
          link: n.link ?? null,
          createdAt: clock(),
        })
        .returning();
      const out = present(row!);
      ctx.afterCommit(() => hub.push(userId, 'notification', { type: 'notification', notification: out }));
      return out;
    },

    async list(
      userId: number,
      q: { pageNum: number; pageSize: number; status: 'all' | 'read' | 'unread' },
    ): Promise<NotificationPage> {
      const mine = eq(notifications.userId, userId);
      const filter =
        q.status === 'read'
          ? and(mine, isNotNull(notifications.readAt))
          : q.status === 'unread'
            ? and(mine, isNull(notifications.readAt))
            : mine;
      const [rows, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(filter)
          .orderBy(desc(notifications.id))
          .limit(q.pageSize)
          .offset((q.pageNum - 1) * q.pageSize),
        db.select({ n: count() }).from(notifications).where(filter),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
      ]);
      return {
        list: rows.map(present),
        total: total?.n ?? 0,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        haveNotRead: unread?.n ?? 0,
      };
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Someone else's notification answers 404, like one that does not exist. */
    async markRead(userId: number, id: number): Promise<void> {
      const [row] = await db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      if (!row) throw notFound('通知不存在');
      if (!row.readAt)
        await db.update(notifications).set({ readAt: clock() }).where(eq(notifications.id, id));
    },

    async markAllRead(userId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: clock() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
