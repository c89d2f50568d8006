import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookingQueries } from '../bookings';
import { chatQueries } from '../chat';
import { expertTitleOf } from '../experts';
import { institutions } from '../institutions';
import { users } from '../users';

/**
 * A person's experts: everyone with the expert role they have a chat or a booking with, one
 * row per expert, newest contact first. The chats and bookings are read through the pieces
 * those modules export; this module owns no table.
 */
export const consultationsRepository = {
  async page(tx: DbOrTx, userId: number, now: Date, p: { pageNum: number; pageSize: number }) {
    const contacts = sql`(${chatQueries.peersOf(userId)} union all ${bookingQueries.expertsBookedBy(userId)})`;
    const contact = sql.raw('contact');
    const isExpert = and(eq(users.role, 'expert'), eq(users.status, 'active'));
    const chat = chatQueries.with(userId, users.id);
    const lastContactAt = sql<string>`max(${contact}.at)`;
    const [rows, [total]] = await Promise.all([
      tx
        .select({
          id: users.id,
          name: users.name,
          avatar: users.avatar,
          title: expertTitleOf(users.id),
          institution: institutions.name,
          chatId: chat.id,
          chatLastActivityAt: chat.lastActivityAt,
          unread: chat.unread,
          nextBooking: bookingQueries.nextWith(userId, users.id, now),
          bookingCount: bookingQueries.countWith(userId, users.id),
          lastContactAt,
        })
        .from(sql`${contacts} as ${contact}`)
        .innerJoin(users, sql`${users.id} = ${contact}.peer_id`)
        .leftJoin(institutions, eq(institutions.id, users.institutionId))
        .where(isExpert)
        .groupBy(users.id, institutions.name)
        .orderBy(desc(lastContactAt), desc(users.id))
        .limit(p.pageSize)
        .offset((p.pageNum - 1) * p.pageSize),
      tx
        .select({ n: sql<number>`count(distinct ${users.id})::int` })
        .from(sql`${contacts} as ${contact}`)
        .innerJoin(users, sql`${users.id} = ${contact}.peer_id`)
        .where(isExpert),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
};
