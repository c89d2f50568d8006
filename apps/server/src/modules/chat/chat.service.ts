import crypto from 'node:crypto';
import { CHAT_IMAGE_MAX_PIXELS } from '@psy/contracts';
import type {
  ChatListItem,
  ChatMessage,
  ChatMessagesPage,
  ChatMessagesQuery,
  SendMessageBody,
} from '@psy/contracts';
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Hub } from '../../realtime/hub';
import type { SessionUser } from '../auth/session.service';
import { institutions } from '../institutions/institutions.table';
import { reencodeImage } from '../uploads/images';
import type { Storage } from '../uploads/storage';
import { users } from '../users/users.table';
import { toChatMessage, toChatPeer, type ImageSigner } from './chat.presenter';
import { chatImages, chatMessages, chatParticipants, chats } from './chat.table';
import { createPushOrder, type PushTurn } from './push-order';

export interface ChatServiceDeps {
  db: Db;
  clock: Clock;
  hub: Hub;
  privateStorage: Storage;
  signer: ImageSigner;
}

const CHAT_NOT_FOUND = '会话不存在';

export function createChatService({ db, clock, hub, privateStorage, signer }: ChatServiceDeps) {
  const pushOrder = createPushOrder();

  /**
   * The chat if the caller is one of its two participants; anyone else gets 404. `lock`
   * (inside a transaction) holds the chat row until commit: FOR UPDATE.
   */
  async function ownChat(tx: DbOrTx, chatId: number, userId: number, lock = false) {
    const query = tx
      .select()
      .from(chats)
      .where(and(eq(chats.id, chatId), or(eq(chats.userLowId, userId), eq(chats.userHighId, userId))));
    const [chat] = lock ? await query.for('update') : await query;
    if (!chat) throw notFound(CHAT_NOT_FOUND);
    return { chat, peerId: chat.userLowId === userId ? chat.userHighId : chat.userLowId };
  }

  async function present(tx: DbOrTx, rows: (typeof chatMessages.$inferSelect)[]): Promise<ChatMessage[]> {
    const ids = rows.filter((r) => r.messageType === 1).map((r) => r.content);
    const images = ids.length ? await tx.select().from(chatImages).where(inArray(chatImages.id, ids)) : [];
    const byId = new Map(images.map((i) => [i.id, i]));
    return rows.map((r) => toChatMessage(r, byId.get(r.content), signer));
  }

  /** Every chat of the caller with the peer, last message and unread state, newest activity first. */
  async function list(userId: number, onlyChatId?: number): Promise<ChatListItem[]> {
    const me = chatParticipants;
    const unread = sql<number>`(
      select count(*)::int from ${chatMessages} m
      where m.chat_id = ${chats.id} and m.sender_id <> ${userId} and m.id > ${me.lastReadMessageId}
    )`;
    const peerRead = sql<number>`(
      select p.last_read_message_id from ${chatParticipants} p
      where p.chat_id = ${chats.id} and p.user_id <> ${userId}
    )`;
    const peerId = sql<number>`case when ${chats.userLowId} = ${userId} then ${chats.userHighId} else ${chats.userLowId} end`;
    const rows = await db
      .select({
        chat: chats,
        unread,
        peerRead,
        peer: {
          id: users.id,
          name: users.name,
          avatar: users.avatar,
          role: users.role,
          institution: institutions.name,
        },
      })
      .from(chats)
      .innerJoin(me, and(eq(me.chatId, chats.id), eq(me.userId, userId)))
      .innerJoin(users, eq(users.id, peerId))
      .leftJoin(institutions, eq(institutions.id, users.institutionId))
      .where(onlyChatId ? eq(chats.id, onlyChatId) : undefined)
      .orderBy(desc(chats.lastActivityAt), desc(chats.id));
    const lastIds = rows.map((r) => r.chat.lastMessageId).filter((id): id is number => id !== null);
    const lastRows = lastIds.length
      ? await db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds))
      : [];
    const last = new Map((await present(db, lastRows)).map((m) => [m.id, m]));
    return rows.map((r) => ({
      chatId: r.chat.id,
      lastChatMessage: r.chat.lastMessageId ? (last.get(r.chat.lastMessageId) ?? null) : null,
      receiverUserinfo: toChatPeer(r.peer),
      haveNotRead: Number(r.unread) > 0,
      unreadCount: Number(r.unread),
      peerLastReadId: Number(r.peerRead ?? 0),
      lastActivityAt: r.chat.lastActivityAt.toISOString(),
    }));
  }

  return {
    list: (actor: SessionUser) => list(actor.userId),

    async get(actor: SessionUser, chatId: number): Promise<ChatListItem> {
      await ownChat(db, chatId, actor.userId);
      const [item] = await list(actor.userId, chatId);
      if (!item) throw notFound(CHAT_NOT_FOUND);
      return item;
    },

    /** The chat with `receiverId`, made on first contact. One side must be an expert. */
    async begin(actor: SessionUser, receiverId: number): Promise<ChatListItem> {
      if (receiverId === actor.userId) throw new AppError('BAD_REQUEST', '不能与自己发起会话');
      const [peer] = await db.select().from(users).where(eq(users.id, receiverId));
      if (!peer || peer.status !== 'active') throw notFound('咨询对象不存在');
      if (peer.role !== 'expert' && actor.role !== 'expert')
        throw new AppError('BAD_REQUEST', '只能向专家发起在线咨询');
      const [low, high] = actor.userId < receiverId ? [actor.userId, receiverId] : [receiverId, actor.userId];
      const chatId = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(chats)
          .values({ userLowId: low, userHighId: high, lastActivityAt: clock(), createdAt: clock() })
          .onConflictDoNothing()
          .returning({ id: chats.id });
        const id =
          made?.id ??
          (
            await tx
              .select({ id: chats.id })
              .from(chats)
              .where(and(eq(chats.userLowId, low), eq(chats.userHighId, high)))
          )[0]!.id;
        await tx
          .insert(chatParticipants)
          .values([
            { chatId: id, userId: low },
            { chatId: id, userId: high },
          ])
          .onConflictDoNothing();
        return id;
      });
      const [item] = await list(actor.userId, chatId);
      return item!;
    },

    async messages(actor: SessionUser, q: ChatMessagesQuery): Promise<ChatMessagesPage> {
      const { peerId } = await ownChat(db, q.chatId, actor.userId);
      const inChat = eq(chatMessages.chatId, q.chatId);
      let rows: (typeof chatMessages.$inferSelect)[];
      let hasMore: boolean;
      if (q.readChatMessage > 0 && !q.before) {
        rows = await db
          .select()
          .from(chatMessages)
          .where(and(inChat, gt(chatMessages.id, q.readChatMessage)))
          .orderBy(asc(chatMessages.id))
          .limit(q.limit + 1);
        hasMore = rows.length > q.limit;
        rows = rows.slice(0, q.limit);
      } else {
        rows = await db
          .select()
          .from(chatMessages)
          .where(and(inChat, q.before ? lt(chatMessages.id, q.before) : undefined))
          .orderBy(desc(chatMessages.id))
          .limit(q.limit + 1);
        hasMore = rows.length > q.limit;
        rows = rows.slice(0, q.limit).reverse();
      }
      const newest = rows.length ? rows[rows.length - 1]!.id : 0;
      if (newest > 0) await markRead(q.chatId, actor.userId, peerId, newest);
      const [peer] = await db
        .select({ read: chatParticipants.lastReadMessageId })
        .from(chatParticipants)
        .where(and(eq(chatParticipants.chatId, q.chatId), eq(chatParticipants.userId, peerId)));
      return { list: await present(db, rows), hasMore, peerLastReadId: peer?.read ?? 0 };
    },

    /**
     * Stores the message first, then pushes it to both participants. A retry with the same
     * clientMessageId returns the stored message and pushes nothing twice.
     *
     * Sends to one chat are serialised on the chat's row (SELECT ... FOR UPDATE before the
     * insert), so within a chat ids are taken in commit order: once a reader has seen id N,
     * no message with a smaller id can still appear, and catching up with
     * `readChatMessage=N` misses nothing. The pushes leave in the same order (push-order.ts).
     */
    async send(actor: SessionUser, body: SendMessageBody): Promise<ChatMessage> {
      let turn: PushTurn | undefined;
      let result;
      try {
        result = await db.transaction(async (tx) => {
          const { peerId } = await ownChat(tx, body.chatId, actor.userId, true);
          if (body.messageType === '1') {
            const [img] = await tx
              .select({ id: chatImages.id })
              .from(chatImages)
              .where(and(eq(chatImages.id, body.messageContent), eq(chatImages.uploaderId, actor.userId)));
            if (!img) throw new AppError('BAD_REQUEST', '图片不存在，请重新上传');
          }
          const now = clock();
          const [row] = await tx
            .insert(chatMessages)
            .values({
              chatId: body.chatId,
              senderId: actor.userId,
              messageType: body.messageType === '1' ? 1 : 0,
              content: body.messageType === '0' ? body.messageContent : body.messageContent.toLowerCase(),
              clientMessageId: body.clientMessageId ?? null,
              createdAt: now,
            })
            .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientMessageId] })
            .returning();
          if (!row) {
            const [existing] = await tx
              .select()
              .from(chatMessages)
              .where(
                and(
                  eq(chatMessages.senderId, actor.userId),
                  eq(chatMessages.clientMessageId, body.clientMessageId!),
                ),
              );
            if (!existing || existing.chatId !== body.chatId) throw new AppError('CONFLICT', '消息编号重复');
            return { message: (await present(tx, [existing]))[0]!, peerId, fresh: false };
          }
          // Still under the row lock: the turn is taken in commit order.
          turn = pushOrder.take(body.chatId);
          // Never backwards, whatever happens to run concurrently.
          await tx
            .update(chats)
            .set({
              lastMessageId: sql`greatest(coalesce(${chats.lastMessageId}, 0), ${row.id})`,
              lastActivityAt: sql`greatest(${chats.lastActivityAt}, ${now.toISOString()}::timestamptz)`,
            })
            .where(eq(chats.id, body.chatId));
          await tx
            .update(chatParticipants)
            .set({ lastReadMessageId: sql`greatest(${chatParticipants.lastReadMessageId}, ${row.id})` })
            .where(and(eq(chatParticipants.chatId, body.chatId), eq(chatParticipants.userId, actor.userId)));
          return { message: (await present(tx, [row]))[0]!, peerId, fresh: true };
        });
      } catch (err) {
        turn?.skip();
        throw err;
      }
      if (result.fresh && turn) {
        const { message, peerId } = result;
        await turn.run(async () => {
          await hub.push(peerId, 'message', message);
          await hub.push(actor.userId, 'message', message);
        });
      }
      return result.message;
    },

    /** A chat image: re-encoded (max 2048 px) with a 320 px thumbnail, kept private. */
    async uploadImage(actor: SessionUser, data: Buffer) {
      const full = await reencodeImage(data, {
        maxPixels: CHAT_IMAGE_MAX_PIXELS,
        maxWidth: 2048,
        maxHeight: 2048,
        fit: 'inside',
        quality: 82,
      });
      const thumb = await reencodeImage(full.data, {
        maxPixels: CHAT_IMAGE_MAX_PIXELS,
        maxWidth: 320,
        maxHeight: 320,
        fit: 'inside',
        quality: 75,
      });
      const id = crypto.randomUUID();
      await privateStorage.put(`chat-${id}.webp`, full.data);
      await privateStorage.put(`chat-${id}-thumb.webp`, thumb.data);
      await db.insert(chatImages).values({
        id,
        uploaderId: actor.userId,
        width: full.width,
        height: full.height,
        bytes: full.data.length,
        createdAt: clock(),
      });
      return {
        id,
        url: signer.url(id, 'full'),
        thumbUrl: signer.url(id, 'thumb'),
        width: full.width,
        height: full.height,
      };
    },

    imageFile(id: string, variant: 'full' | 'thumb'): string {
      return variant === 'thumb' ? `chat-${id}-thumb.webp` : `chat-${id}.webp`;
    },

    /** Chats with unread messages, for the header badge. */
    async unreadChats(userId: number): Promise<number> {
      const rows = await list(userId);
      return rows.filter((r) => r.haveNotRead).length;
    },
  };

  async function markRead(chatId: number, userId: number, peerId: number, upTo: number) {
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
    if (updated.length) {
      await hub.push(peerId, 'notification', {
        type: 'chat.read',
        chatId,
        readerId: userId,
        lastReadMessageId: upTo,
      });
    }
  }
}
export type ChatService = ReturnType<typeof createChatService>;
