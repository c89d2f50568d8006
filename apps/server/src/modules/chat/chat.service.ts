import crypto from 'node:crypto';
import { CHAT_IMAGE_MAX_PIXELS } from '@psy/contracts';
import type {
  ChatListItem,
  ChatMessage,
  ChatMessagesPage,
  ChatListQuery,
  ChatMessagesQuery,
  SendMessageBody,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { PersonalCache } from '../../lib/personal-cache';
import type { Hub } from '../../realtime/hub';
import type { Actor } from '../auth';
import { reencodeImage, type Storage } from '../uploads';
import { canSendImage, isParticipant, whyNotBeginChat } from './chat.policy';
import { toChatMessage, toChatPeer, type ImageSigner } from './chat.presenter';
import { chatRepository as repo, type MessageRow } from './chat.repository';
import { createPushOrder, type PushTurn } from './push-order';

export interface ChatServiceDeps {
  db: Db;
  clock: Clock;
  hub: Hub;
  privateStorage: Storage;
  signer: ImageSigner;
  /** Each person's chat list, kept between the writes that change it. */
  personal: Pick<PersonalCache, 'get'>;
}

const CHAT_NOT_FOUND = '会话不存在';

/** Sends written together at most (one statement's worth). */
const MAX_GROUP = 100;

interface QueuedSend {
  actor: Actor;
  body: SendMessageBody;
  resolve(message: ChatMessage): void;
  reject(err: unknown): void;
}

export function createChatService({ db, clock, hub, privateStorage, signer, personal }: ChatServiceDeps) {
  const pushOrder = createPushOrder();
  /** Sends waiting for the next group, and whether a group is being written (or about to be). */
  const queued: QueuedSend[] = [];
  let flushing = false;

  /**
   * The chat if the caller is one of its two participants; anyone else gets 404. `lock`
   * (inside a transaction) holds the chat row until commit: FOR NO KEY UPDATE.
   */
  async function ownChat(tx: DbOrTx, chatId: number, actor: Actor, lock = false) {
    const chat = await repo.byId(tx, chatId, lock);
    if (!chat || !isParticipant(actor, chat)) throw notFound(CHAT_NOT_FOUND);
    return { chat, peerId: chat.userLowId === actor.userId ? chat.userHighId : chat.userLowId };
  }

  async function present(tx: DbOrTx, rows: MessageRow[]): Promise<ChatMessage[]> {
    const ids = rows.filter((r) => r.messageType === 1).map((r) => r.content);
    const images = await repo.imagesByIds(tx, ids);
    const byId = new Map(images.map((i) => [i.id, i]));
    return rows.map((r) => toChatMessage(r, byId.get(r.content), signer));
  }

  /** Chats of the caller with the peer, last message and unread state, newest activity first. */
  async function list(userId: number, only: Parameters<typeof repo.listOf>[2] = {}): Promise<ChatListItem[]> {
    const rows = await repo.listOf(db, userId, only);
    return rows.map((r) => ({
      chatId: r.chat.id,
      lastChatMessage: r.last ? toChatMessage(r.last, r.lastImage ?? undefined, signer) : null,
      receiverUserinfo: toChatPeer(r.peer),
      haveNotRead: Number(r.unread) > 0,
      unreadCount: Number(r.unread),
      peerLastReadId: Number(r.peerRead ?? 0),
      lastActivityAt: r.chat.lastActivityAt.toISOString(),
    }));
  }

  return {
    /** One page of the caller's chats, newest activity first (the next starts after its last). */
    list(actor: Actor, q: ChatListQuery): Promise<ChatListItem[]> {
      const before = q.beforeAt && q.beforeId ? { at: new Date(q.beforeAt), id: q.beforeId } : undefined;
      const read = () => list(actor.userId, { page: { size: q.pageSize, before } });
      // The first page is what every look at the chat page reads again; later pages are one-off.
      return before ? read() : personal.get(actor.userId, `chats:${q.pageSize}`, read);
    },
    /** The ids of the caller's chats with unread messages, newest activity first (the header badge). */
    unreadIds: (actor: Actor): Promise<number[]> =>
      personal.get(actor.userId, 'chat-unread', () => repo.unreadChatIds(db, actor.userId)),
    /** The chats with messages the person has not read, newest activity first. */
    unread: (actor: Actor) => list(actor.userId, { unread: true }),

    async get(actor: Actor, chatId: number): Promise<ChatListItem> {
      await ownChat(db, chatId, actor);
      const [item] = await list(actor.userId, { chatId });
      if (!item) throw notFound(CHAT_NOT_FOUND);
      return item;
    },

    /** The chat with `receiverId`, made on first contact. One side must be an expert. */
    async begin(actor: Actor, receiverId: number): Promise<ChatListItem> {
      const peer = receiverId === actor.userId ? undefined : await repo.account(db, receiverId);
      const why = receiverId === actor.userId ? 'self' : whyNotBeginChat(actor, peer);
      if (why === 'self') throw new AppError('BAD_REQUEST', '不能与自己发起会话');
      if (why === 'no-peer') throw notFound('咨询对象不存在');
      if (why === 'no-expert') throw new AppError('BAD_REQUEST', '只能向专家发起在线咨询');
      const [low, high] = actor.userId < receiverId ? [actor.userId, receiverId] : [receiverId, actor.userId];
      const chatId = await db.transaction((tx) => repo.ensurePair(tx, low, high, clock()));
      const [item] = await list(actor.userId, { chatId });
      return item!;
    },

    async messages(actor: Actor, q: ChatMessagesQuery): Promise<ChatMessagesPage> {
      const { peerId } = await ownChat(db, q.chatId, actor);
      let rows: MessageRow[];
      let hasMore: boolean;
      if (q.readChatMessage > 0 && !q.before) {
        rows = await repo.messagesAfter(db, q.chatId, q.readChatMessage, q.limit + 1);
        hasMore = rows.length > q.limit;
        rows = rows.slice(0, q.limit);
      } else {
        rows = await repo.messagesBefore(db, q.chatId, q.before, q.limit + 1);
        hasMore = rows.length > q.limit;
        rows = rows.slice(0, q.limit).reverse();
      }
      const newest = rows.length ? rows[rows.length - 1]!.id : 0;
      if (newest > 0) await markRead(q.chatId, actor.userId, peerId, newest);
      const peerLastReadId = await repo.readMark(db, q.chatId, peerId);
      return { list: await present(db, rows), hasMore, peerLastReadId };
    },

    /**
     * Stores the message first, then pushes it to both participants; answers once both are
     * done. A retry with the same clientMessageId returns the stored message and pushes
     * nothing twice. Sends are committed in groups (see `flush` below).
     */
    send: (actor: Actor, body: SendMessageBody): Promise<ChatMessage> =>
      new Promise((resolve, reject) => {
        queued.push({ actor, body, resolve, reject });
        if (!flushing) {
          flushing = true;
          // Whatever else arrives in this turn of the event loop goes in the same group.
          setImmediate(() => void flush());
        }
      }),

    /** A chat image: re-encoded (max 2048 px) with a 320 px thumbnail, kept private. */
    async uploadImage(actor: Actor, data: Buffer) {
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
      await repo.insertImage(db, {
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

    /** How many chats have unread messages, for the header badge. */
    unreadChats: (userId: number): Promise<number> => repo.unreadChatCount(db, userId),
  };

  /**
   * Group commit. Sends wait in `queued`; one group at a time is written: the text messages
   * of the group in one statement (repo.insertTextMessages: the checks, the inserts, the
   * chat's last message and the read marks, committed together), then each push in its turn,
   * and only then each HTTP answer. What arrives while a group is written forms the next one,
   * so under load a group grows instead of the queries piling up.
   *
   * One group at a time is what keeps pushes in commit order: the turns of a group are taken
   * as soon as its statement has committed, before the next group (or a send of the careful
   * path) can lock any chat. A send the group statement did not store (an image, a chat the
   * sender is not in, a retried clientMessageId) or a group whose statement failed goes
   * through `sendOne`, the careful path, one send after another: exactly the answers and
   * errors of a lone send, and a failing send takes no other send of its group with it.
   */
  async function flush() {
    try {
      while (queued.length) {
        const group = queued.splice(0, MAX_GROUP);
        // A bug past this point must not leave a sender waiting forever (settled ones stay so).
        await sendGroup(group).catch((err: unknown) => group.forEach((q) => q.reject(err)));
      }
    } finally {
      flushing = false;
    }
  }

  async function sendGroup(group: QueuedSend[]) {
    const texts = group.filter((q) => q.body.messageType === '0');
    const careful = new Set(group.filter((q) => q.body.messageType !== '0'));
    if (texts.length) {
      const now = clock();
      let rows: (MessageRow & { peerId: number })[] = [];
      try {
        rows = await repo.insertTextMessages(
          db,
          texts.map((q) => ({
            chatId: q.body.chatId,
            senderId: q.actor.userId,
            content: q.body.messageContent,
            clientMessageId: q.body.clientMessageId ?? null,
          })),
          now,
        );
      } catch {
        // Nothing of the group was stored (one statement): each send is tried on its own.
      }
      // The rows come in the order of `texts` (ids ascending), less the ones not stored.
      let next = 0;
      for (const q of texts) {
        const row = rows[next];
        if (
          row &&
          row.chatId === q.body.chatId &&
          row.senderId === q.actor.userId &&
          row.content === q.body.messageContent &&
          row.clientMessageId === (q.body.clientMessageId ?? null)
        ) {
          next++;
          // Taken at once, in id order, before any later send can commit.
          const turn = pushOrder.take(row.chatId);
          const message = toChatMessage(row, undefined, signer);
          turn
            .run(async () => {
              await hub.push(row.peerId, 'message', message);
              await hub.push(q.actor.userId, 'message', message);
            })
            .then(() => q.resolve(message), q.reject);
        } else careful.add(q);
      }
    }
    for (const q of group) {
      if (!careful.has(q)) continue;
      await sendOne(q.actor, q.body).then(q.resolve, q.reject);
    }
  }

  /**
   * One send on its own, the careful path: in a transaction the chat row is locked (SELECT ...
   * FOR NO KEY UPDATE) before the insert, so within a chat ids are taken in commit order: once a
   * reader has seen id N, no message with a smaller id can still appear, and catching up with
   * `readChatMessage=N` misses nothing. The pushes leave in the same order (push-order.ts).
   * The group statement keeps the same rules; this path also answers why a send is refused.
   */
  async function sendOne(actor: Actor, body: SendMessageBody): Promise<ChatMessage> {
    let turn: PushTurn | undefined;
    let result;
    try {
      result = await db.transaction(async (tx) => {
        const { peerId } = await ownChat(tx, body.chatId, actor, true);
        if (body.messageType === '1') {
          const img = await repo.imageOf(tx, body.messageContent);
          if (!img || !canSendImage(actor, img)) throw new AppError('BAD_REQUEST', '图片不存在，请重新上传');
        }
        const now = clock();
        const row = await repo.insertMessage(tx, {
          chatId: body.chatId,
          senderId: actor.userId,
          messageType: body.messageType === '1' ? 1 : 0,
          content: body.messageType === '0' ? body.messageContent : body.messageContent.toLowerCase(),
          clientMessageId: body.clientMessageId ?? null,
          createdAt: now,
        });
        if (!row) {
          const existing = await repo.messageByClientId(tx, actor.userId, body.clientMessageId!);
          if (!existing || existing.chatId !== body.chatId) throw new AppError('CONFLICT', '消息编号重复');
          return { message: (await present(tx, [existing]))[0]!, peerId, fresh: false };
        }
        // Still under the row lock: the turn is taken in commit order.
        turn = pushOrder.take(body.chatId);
        // Never backwards, whatever happens to run concurrently.
        await repo.touch(tx, body.chatId, row.id, now);
        await repo.raiseReadMark(tx, body.chatId, actor.userId, row.id);
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
  }

  async function markRead(chatId: number, userId: number, peerId: number, upTo: number) {
    if (await repo.advanceReadMark(db, chatId, userId, upTo)) {
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
