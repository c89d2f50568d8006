import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { userRef } from '../users/users.table';

/** A conversation between two accounts; (userLowId, userHighId) makes it unique per pair. */
export const chats = pgTable(
  'chats',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userLowId: userRef(),
    userHighId: userRef(),
    lastMessageId: integer(),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.userLowId, t.userHighId),
    check('chats_pair_order', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

/** Each participant's read position. */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: userRef(),
    lastReadMessageId: integer().notNull().default(0),
    /**
     * The peer's messages after the read mark, kept by the writes (migration
     * 0039_chat_unread_counts): counted again by every write that changes it.
     */
    unreadCount: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index().on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: userRef(),
    /** 0 text, 1 image. */
    messageType: smallint().notNull(),
    content: text().notNull(),
    clientMessageId: varchar({ length: 64 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.chatId, t.id),
    unique('chat_messages_sender_client_id').on(t.senderId, t.clientMessageId),
  ],
);

/** Private chat images: files outside the public upload folder, served only by signed URL. */
export const chatImages = pgTable(
  'chat_images',
  {
    id: uuid().primaryKey(),
    uploaderId: userRef(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.uploaderId)],
);
