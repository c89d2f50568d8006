import type { AgendaProvider } from '../agenda';
import type { ChatService } from './chat.service';

/** 未读会话: the expert's chats with unread messages, the longest-waiting first. */
export const chatAgenda = (chat: ChatService): AgendaProvider => ({
  key: 'chats',
  order: 60,
  async load(actor) {
    const unread = (await chat.unread(actor)).sort((a, b) =>
      a.lastActivityAt.localeCompare(b.lastActivityAt),
    );
    return {
      count: unread.length,
      urgent: 0,
      note: unread.length ? `共 ${unread.reduce((s, c) => s + c.unreadCount, 0)} 条未读消息` : null,
      items: unread.map((c) => ({
        id: c.chatId,
        title: c.receiverUserinfo.name,
        sub:
          c.lastChatMessage?.messageType === '1'
            ? '[图片]'
            : (c.lastChatMessage?.messageContent.slice(0, 60) ?? null),
        at: c.lastActivityAt,
        level: null,
        tag: `${c.unreadCount} 条未读`,
      })),
    };
  },
});
