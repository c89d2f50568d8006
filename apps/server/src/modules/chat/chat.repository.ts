import { CHAT_UNREAD_IDS_MAX } from '@psy/contracts';
import { and, asc, count, desc, eq, gt, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { executeRows, rowByIdRead } from '../../db/rows';
import { institutions } from '../institutions';
import { accountRefOf, users } from '../users';
import { chatImages, chatMessages, chatParticipants, chats } from './chat.table';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type ImageRow = typeof chatImages.$inferSelect;

/** The chat is one of the user's (with unread messages, if `unread`), by id from the participant rows. */
const chatOf = (userId: number, unread = false) =>
  sql`${chats.id} = any(array(
    select p.chat_id from ${chatParticipants} p
    where p.user_id = ${userId}${unread ? sql` and p.unread_count > 0` : sql``}))`;

const chatRead = rowByIdRead(chats);

export const chatRepository = {
  /**
   * The chat, locked until commit when `lock`. FOR NO KEY UPDATE: sends to one chat wait for
   * each other, as they must, but not the key checks of rows that reference the chat. A read
   * mark moved while a send holds the chat runs such a check (its unread count is written again
   * in the same transaction), and under FOR UPDATE the two waited for each other: a deadlock.
   */
  async byId(db: DbOrTx, id: number, lock = false): Promise<ChatRow | undefined> {
    if (!lock) return chatRead(db, id);
    const [row] = await db.select().from(chats).where(eq(chats.id, id)).for('no key update');
    return row;
  },

  /** The account a chat would be begun with: role and status decide whether it may. */
  account: accountRefOf,

  /** The chat of the two users, made (with both participants) when it did not exist yet. */
  async ensurePair(db: DbOrTx, low: number, high: number, now: Date): Promise<number> {
    const [made] = await db
      .insert(chats)
      .values({ userLowId: low, userHighId: high, lastActivityAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: chats.id });
    const id =
      made?.id ??
      (
        await db
          .select({ id: chats.id })
          .from(chats)
          .where(and(eq(chats.userLowId, low), eq(chats.userHighId, high)))
      )[0]!.id;
    await db
      .insert(chatParticipants)
      .values([
        { chatId: id, userId: low },
        { chatId: id, userId: high },
      ])
      .onConflictDoNothing();
    return id;
  },

  /**
   * The user's chats, newest activity first, with peer, unread count, the peer's read mark and the
   * last message (with its image), in one query: one page (`page`: at most `size` chats, after
   * the chat `before` if given), one chat (`chatId`), or those with unread messages (`unread`).
   * The page is chosen first, so only its chats are joined; its chats are looked up by id from
   * the user's participant rows (`= any(array(…))`: joined instead, PostgreSQL reads all 80,000
   * chats to hash them, 10 ms against 1.5 for an expert's 531 at 1M).
   * Activity is compared to the millisecond: the cursor comes back from JSON, which has no more.
   */
  listOf(
    db: DbOrTx,
    userId: number,
    only: {
      chatId?: number | undefined;
      unread?: boolean;
      page?: { size: number; before?: { at: Date; id: number } | undefined };
    } = {},
  ) {
    const me = chatParticipants;
    const activity = sql`date_trunc('milliseconds', ${chats.lastActivityAt})`;
    const before = only.page?.before;
    const limit = only.page?.size ?? (only.unread ? CHAT_UNREAD_IDS_MAX : undefined);
    const chosenQuery = db
      .select({ id: chats.id })
      .from(chats)
      .where(
        and(
          chatOf(userId, only.unread),
          only.chatId ? eq(chats.id, only.chatId) : undefined,
          before
            ? sql`(${activity}, ${chats.id}) < (${before.at.toISOString()}::timestamptz, ${before.id})`
            : undefined,
        ),
      )
      .orderBy(desc(activity), desc(chats.id))
      .$dynamic();
    const chosen = (limit ? chosenQuery.limit(limit) : chosenQuery).as('chosen');
    const peerRead = sql<number>`(
      select p.last_read_message_id from ${chatParticipants} p
      where p.chat_id = ${chats.id} and p.user_id <> ${userId}
    )`;
    const peerId = sql<number>`case when ${chats.userLowId} = ${userId} then ${chats.userHighId} else ${chats.userLowId} end`;
    return (
      db
        .select({
          chat: chats,
          // Kept on the row by the writes (migration 0039_chat_unread_counts).
          unread: me.unreadCount,
          peerRead,
          peer: {
            id: users.id,
            name: users.name,
            avatar: users.avatar,
            role: users.role,
            institution: institutions.name,
          },
          last: chatMessages,
          lastImage: chatImages,
        })
        .from(chosen)
        .innerJoin(chats, eq(chats.id, chosen.id))
        .innerJoin(me, and(eq(me.chatId, chats.id), eq(me.userId, userId)))
        .innerJoin(users, eq(users.id, peerId))
        .leftJoin(institutions, eq(institutions.id, users.institutionId))
        .leftJoin(chatMessages, eq(chatMessages.id, chats.lastMessageId))
        // An image message's content is the image's id (checked when it was sent).
        .leftJoin(
          chatImages,
          sql`${chatImages.id} = case when ${chatMessages.messageType} = 1 then ${chatMessages.content}::uuid end`,
        )
        .orderBy(desc(activity), desc(chats.id))
    );
  },

  /** The chats with messages the user has not read, newest activity first (at most `CHAT_UNREAD_IDS_MAX`). */
  async unreadChatIds(db: DbOrTx, userId: number): Promise<number[]> {
    const rows = await db
      .select({ id: chats.id })
      .from(chats)
      .where(chatOf(userId, true))
      .orderBy(desc(chats.lastActivityAt), desc(chats.id))
      .limit(CHAT_UNREAD_IDS_MAX);
    return rows.map((r) => r.id);
  },

  /** How many chats of the user have messages the user has not read. */
  async unreadChatCount(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.userId, userId), gt(chatParticipants.unreadCount, 0)));
    return Number(row?.n ?? 0);
  },

  imagesByIds(db: DbOrTx, ids: string[]): Promise<ImageRow[]> {
    return ids.length ? db.select().from(chatImages).where(inArray(chatImages.id, ids)) : Promise.resolve([]);
  },

  /** Up to `limit` messages after `afterId`, oldest first. */
  messagesAfter(db: DbOrTx, chatId: number, afterId: number, limit: number): Promise<MessageRow[]> {
    return db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.id, afterId)))
      .orderBy(asc(chatMessages.id))
      .limit(limit);
  },

  /** Up to `limit` messages before `beforeId` (or the newest), newest first. */
  messagesBefore(
    db: DbOrTx,
    chatId: number,
    beforeId: number | undefined,
    limit: number,
  ): Promise<MessageRow[]> {
    return db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), beforeId ? lt(chatMessages.id, beforeId) : undefined))
      .orderBy(desc(chatMessages.id))
      .limit(limit);
  },

  async readMark(db: DbOrTx, chatId: number, userId: number): Promise<number> {
    const [row] = await db
      .select({ read: chatParticipants.lastReadMessageId })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, userId)));
    return row?.read ?? 0;
  },

  /** Moves the user's read mark up to `upTo`, never back; answers whether it moved. */
  async advanceReadMark(db: DbOrTx, chatId: number, userId: number, upTo: number): Promise<boolean> {
    const updated = await db
      .update(chatParticipants)
      .set({ lastReadMessageId: upTo })
      .where(
        and(
          eq(chatParticipants.chatId, chatId),
          eq(chatParticipants.userId, userId),
          lt(chatParticipants.lastReadMessageId, upTo),
        ),
      )
      .returning({ id: chatParticipants.chatId });
    return updated.length > 0;
  },

  /** Same as advanceReadMark, inside a send, written as greatest() so it never goes back. */
  async raiseReadMark(db: DbOrTx, chatId: number, userId: number, upTo: number): Promise<void> {
    await db
      .update(chatParticipants)
      .set({ lastReadMessageId: sql`greatest(${chatParticipants.lastReadMessageId}, ${upTo})` })
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, userId)));
  },

  async imageOf(db: DbOrTx, id: string): Promise<ImageRow | undefined> {
    const [row] = await db.select().from(chatImages).where(eq(chatImages.id, id));
    return row;
  },

  async insertImage(db: DbOrTx, values: typeof chatImages.$inferInsert): Promise<void> {
    await db.insert(chatImages).values(values);
  },

  /** The message, or undefined when the sender already sent one with this clientMessageId. */
  async insertMessage(db: DbOrTx, values: typeof chatMessages.$inferInsert): Promise<MessageRow | undefined> {
    const [row] = await db
      .insert(chatMessages)
      .values(values)
      .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientMessageId] })
      .returning();
    return row;
  },

  async messageByClientId(
    db: DbOrTx,
    senderId: number,
    clientMessageId: string,
  ): Promise<MessageRow | undefined> {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientMessageId, clientMessageId)));
    return row;
  },

  /**
   * Text messages of several sends in ONE statement (one round trip, committed when it
   * returns): each chat row is locked (FOR NO KEY UPDATE, in id order), a message is inserted only
   * when its sender takes part in its chat and its clientMessageId is new, ids are taken in
   * the order given (the rows are sorted by `ord` before the insert), and each chat's last
   * message and activity and each sender's read mark move up, as `touch` and `raiseReadMark`
   * do for one send. Answers the inserted rows with the other participant, ascending by id; a
   * send missing from them was refused or a retry (the caller sorts that out).
   */
  async insertTextMessages(
    db: DbOrTx,
    sends: { chatId: number; senderId: number; content: string; clientMessageId: string | null }[],
    now: Date,
  ): Promise<(MessageRow & { peerId: number })[]> {
    const at = now.toISOString();
    const input = sql.join(
      sends.map(
        (s, ord) =>
          sql`(${ord}::int, ${s.chatId}::int, ${s.senderId}::int, ${s.content}::text, ${s.clientMessageId}::varchar)`,
      ),
      sql`, `,
    );
    const rows = await executeRows<{
      id: number;
      chat_id: number;
      sender_id: number;
      content: string;
      client_message_id: string | null;
      peer_id: number;
    }>(
      db,
      sql`with input (ord, chat_id, sender_id, content, client_message_id) as (values ${input}),
      locked as (
        select c.id, c.user_low_id, c.user_high_id from ${chats} c
        where c.id in (select chat_id from input) order by c.id for no key update
      ),
      ins as (
        insert into ${chatMessages} (chat_id, sender_id, message_type, content, client_message_id, created_at)
        select i.chat_id, i.sender_id, 0, i.content, i.client_message_id, ${at}::timestamptz
        from input i join locked c on c.id = i.chat_id and i.sender_id in (c.user_low_id, c.user_high_id)
        order by i.ord
        on conflict (sender_id, client_message_id) do nothing
        returning id, chat_id, sender_id, content, client_message_id
      ),
      touched as (
        update ${chats} c
        set last_message_id = greatest(coalesce(c.last_message_id, 0), n.id),
          last_activity_at = greatest(c.last_activity_at, ${at}::timestamptz)
        from (select chat_id, max(id) as id from ins group by chat_id) n
        where c.id = n.chat_id
      ),
      marked as (
        update ${chatParticipants} p
        set last_read_message_id = greatest(p.last_read_message_id, n.id)
        from (select chat_id, sender_id, max(id) as id from ins group by chat_id, sender_id) n
        where p.chat_id = n.chat_id and p.user_id = n.sender_id
      )
      select ins.*, case when c.user_low_id = ins.sender_id then c.user_high_id else c.user_low_id end as peer_id
      from ins join locked c on c.id = ins.chat_id order by ins.id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      chatId: Number(r.chat_id),
      senderId: Number(r.sender_id),
      messageType: 0,
      content: r.content,
      clientMessageId: r.client_message_id,
      createdAt: now,
      peerId: Number(r.peer_id),
    }));
  },

  /** The chat's last message and activity, never moved backwards by concurrent sends. */
  async touch(db: DbOrTx, chatId: number, messageId: number, at: Date): Promise<void> {
    await db
      .update(chats)
      .set({
        lastMessageId: sql`greatest(coalesce(${chats.lastMessageId}, 0), ${messageId})`,
        lastActivityAt: sql`greatest(${chats.lastActivityAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(chats.id, chatId));
  },
};

/**
 * Read-only query pieces for the consultations page (a person's experts): whom a user chats
 * with, and per peer the chat, its unread messages and its last activity.
 */
export const chatQueries = {
  /**
   * Rows `(peer_id, at)`: each chat of the user, with the other side and its last activity;
   * found through the user's participant rows (an index), not by testing both ends of every chat.
   */
  peersOf: (userId: number) =>
    sql`select case when c.user_low_id = ${userId} then c.user_high_id else c.user_low_id end as peer_id, c.last_activity_at as at
      from ${chatParticipants} p join ${chats} c on c.id = p.chat_id where p.user_id = ${userId}`,
  /** The chat between the user and the peer (at most one per pair): id, last activity, unread messages. */
  with: (userId: number, peerId: SQL | AnyColumn) => {
    const pair = sql`c.user_low_id = least(${userId}::int, ${peerId}) and c.user_high_id = greatest(${userId}::int, ${peerId})`;
    return {
      id: sql<number | null>`(select c.id from ${chats} c where ${pair})`,
      lastActivityAt: sql<string | null>`(select c.last_activity_at from ${chats} c where ${pair})`,
      unread: sql<number>`coalesce((
        select p.unread_count from ${chats} c
        join ${chatParticipants} p on p.chat_id = c.id and p.user_id = ${userId}
        where ${pair}), 0)`,
    };
  },
};
