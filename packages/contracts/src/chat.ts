import { z } from 'zod';
import { boundedInt, idParam, INT4_MAX } from './common';
import { CHAT_LIST_PAGE_SIZE, CHAT_LIST_PAGE_SIZE_MAX, CHAT_TEXT_MAX } from './constants';
import type { Notification } from './notifications';

/** Message types (spec section 9): "0" text, "1" image. */
export const messageType = z.enum(['0', '1'], { error: '消息类型不正确' });
export type MessageType = z.infer<typeof messageType>;

export {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_LIST_PAGE_SIZE,
  CHAT_LIST_PAGE_SIZE_MAX,
  CHAT_TEXT_MAX,
  CHAT_UNREAD_IDS_MAX,
  STOMP_HEARTBEAT_MS,
  STOMP_PATH,
} from './constants';
/** STOMP frames larger than this are refused. */
export const STOMP_MAX_FRAME_BYTES = 64 * 1024;
/** Subscriptions one STOMP socket may hold at once. */
export const STOMP_MAX_SUBSCRIPTIONS = 32;
/** Concurrent STOMP sessions of one user on one server instance. */
export const STOMP_MAX_SOCKETS_PER_USER = 10;
/** A socket without incoming heart-beats is closed after this long without a byte. */
export const STOMP_IDLE_TIMEOUT_MS = 120_000;
/** A new socket must have sent CONNECT (and been answered) within this time. */
export const STOMP_CONNECT_TIMEOUT_MS = 10_000;

export const chatImage = z.object({
  id: z.string(),
  /** Short-lived signed URL of the full image, handed only to the two participants. */
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ChatImage = z.infer<typeof chatImage>;

/** The JSON body of every pushed MESSAGE frame on /user/{userId}/message. */
export const chatMessage = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  senderId: z.number().int(),
  messageType,
  /** Text, or for an image the image id. */
  messageContent: z.string(),
  image: chatImage.nullable(),
  clientMessageId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatPeer = z.object({
  id: z.number().int(),
  name: z.string(),
  wxImg: z.string().nullable(),
  identityType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** Institution name, for experts. */
  department: z.string().nullable(),
});
export type ChatPeer = z.infer<typeof chatPeer>;

export const chatListItem = z.object({
  chatId: z.number().int(),
  lastChatMessage: chatMessage.nullable(),
  receiverUserinfo: chatPeer,
  haveNotRead: z.boolean(),
  unreadCount: z.number().int(),
  /** The last message id the other side has read: own messages up to it show 已读. */
  peerLastReadId: z.number().int(),
  lastActivityAt: z.string(),
});
export type ChatListItem = z.infer<typeof chatListItem>;

/**
 * One page of the chat list, newest activity first. The next page starts after the last chat
 * of this one: `beforeAt` is its `lastActivityAt` and `beforeId` its `chatId` (both or
 * neither). A page shorter than `pageSize` is the last.
 */
export const chatListQuery = z
  .object({
    pageSize: boundedInt(1, CHAT_LIST_PAGE_SIZE_MAX, { coerce: true, label: '每页条数' }).default(
      CHAT_LIST_PAGE_SIZE,
    ),
    beforeAt: z.iso.datetime({ offset: true, error: '翻页位置不正确' }).optional(),
    beforeId: idParam({ label: '翻页位置' }).optional(),
  })
  .refine((q) => (q.beforeAt === undefined) === (q.beforeId === undefined), {
    message: '翻页位置不正确',
    path: ['beforeId'],
  });
export type ChatListQuery = z.infer<typeof chatListQuery>;

/** The chats with messages I have not read (ids, newest activity first): the header badge. */
export const unreadChats = z.object({ chatIds: z.array(z.number().int()) });
export type UnreadChats = z.infer<typeof unreadChats>;

export const beginChatBody = z.object({
  receiverId: idParam({ message: '请选择咨询对象' }),
});

export const chatIdParams = z.object({ chatId: idParam() });

/**
 * History and catch-up. `readChatMessage` is the id of the newest message the client
 * already holds: 0 (or absent) asks for the newest page; N > 0 asks for what came after N
 * (catch-up after a reconnect). `before` pages upward through older history. Every call
 * marks the chat read for the caller up to the newest message returned.
 */
export const chatMessagesQuery = z.object({
  chatId: idParam(),
  readChatMessage: boundedInt(0, INT4_MAX, { coerce: true }).default(0),
  before: idParam().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(30),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;

export const chatMessagesPage = z.object({
  list: z.array(chatMessage),
  /** More older messages exist (newest/before mode), or more newer ones (after mode). */
  hasMore: z.boolean(),
  peerLastReadId: z.number().int(),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPage>;

export const sendMessageBody = z
  .object({
    chatId: idParam(),
    messageType,
    messageContent: z.string({ error: '请输入消息内容' }).min(1, '请输入消息内容'),
    /** Chosen by the sender; a retried send with the same id stores one message. */
    clientMessageId: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, '消息编号格式不正确')
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.messageType === '0') {
      if (b.messageContent.trim().length === 0)
        ctx.addIssue({ code: 'custom', message: '请输入消息内容', path: ['messageContent'] });
      if (b.messageContent.length > CHAT_TEXT_MAX)
        ctx.addIssue({ code: 'custom', message: `消息最多${CHAT_TEXT_MAX}个字`, path: ['messageContent'] });
      // PostgreSQL text cannot hold NUL; nobody types one.
      if (b.messageContent.includes('\u0000'))
        ctx.addIssue({ code: 'custom', message: '消息包含无法发送的字符', path: ['messageContent'] });
    } else if (!/^[0-9a-f-]{36}$/.test(b.messageContent)) {
      ctx.addIssue({ code: 'custom', message: '图片编号不正确，请重新上传', path: ['messageContent'] });
    }
  });
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** Bodies on /user/{userId}/notification: notifications, and read receipts of chats. */
export type NotificationPush =
  | { type: 'notification'; notification: Notification }
  | { type: 'chat.read'; chatId: number; readerId: number; lastReadMessageId: number };
