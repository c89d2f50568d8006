import { and, count, desc, eq, isNotNull, isNull, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countFrom, pageWhere } from '../../db/rows';
import { reusableRead } from '../../lib/reusable-read';
import { notifications } from './notifications.table';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationFilter = 'all' | 'read' | 'unread';

function whereOf(userId: number | Placeholder, filter: NotificationFilter) {
  const mine = eq(notifications.userId, userId);
  if (filter === 'read') return and(mine, isNotNull(notifications.readAt));
  if (filter === 'unread') return and(mine, isNull(notifications.readAt));
  return mine;
}

const unreadRead = reusableRead(['userId'], (tx, p) =>
  tx.select({ n: count() }).from(notifications).where(whereOf(p.userId, 'unread')),
);

export const notificationsRepository = {
  async insert(db: DbOrTx, values: typeof notifications.$inferInsert): Promise<NotificationRow> {
    const [row] = await db.insert(notifications).values(values).returning();
    return row!;
  },

  async byId(db: DbOrTx, id: number): Promise<NotificationRow | undefined> {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    return row;
  },

  /** The user's notifications, newest first, with the filtered and the unread totals. */
  async page(
    db: DbOrTx,
    userId: number,
    q: { pageNum: number; pageSize: number; status: NotificationFilter },
  ) {
    const filter = whereOf(userId, q.status);
    const [{ rows, total }, unread] = await Promise.all([
      pageWhere(
        q,
        filter,
        [desc(notifications.id)],
        db.select().from(notifications).$dynamic(),
        countFrom(db, notifications),
      ),
      notificationsRepository.unreadCount(db, userId),
    ]);
    return { rows, total, unread };
  },

  async unreadCount(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await unreadRead(db, { userId });
    return row?.n ?? 0;
  },

  async markRead(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db.update(notifications).set({ readAt: at }).where(eq(notifications.id, id));
  },

  /** Answers how many were unread. */
  async markAllRead(db: DbOrTx, userId: number, at: Date): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: at })
      .where(whereOf(userId, 'unread'))
      .returning({ id: notifications.id });
    return rows.length;
  },
};
