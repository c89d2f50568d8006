import { CHAT_TEXT_MAX, type ChatListItem, type ChatMessage, type NotificationPush } from '@psy/contracts';
import { create } from 'zustand';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import type { StompStatus } from '../../../lib/stomp';
import { fetchChat, fetchChatList } from '../api/chats';
import {
  CATCH_UP_LIMIT,
  fetchMessages,
  newClientMessageId,
  sendMessage,
  type MessagesCursor,
} from '../api/messages';
import { uploadChatImage } from '../api/upload-image';
import { firstStoredId, isStored, lastStoredId, mergeMessages, sortChats, type LocalMessage } from './merge';

type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The client chat state (spec section 3) and its transitions (section 4), in one store so
 * the page, the header badge and the STOMP push all see the same thing.
 */
interface ChatState {
  // ---- spec section 3 ----
  chats: ChatListItem[];
  /** The open chat (chatId, lastChatMessage, peer); null when no chat is on screen. */
  currentChat: ChatListItem | null;
  /** Messages of the open chat, oldest first. */
  messages: LocalMessage[];
  draft: string;
  /** Chats with messages I have not read: the chat part of the header badge. */
  unreadChatIds: number[];

  // ---- what the screens need around it ----
  listStatus: Status;
  /** The chat asked for by the page, also while it loads. */
  openChatId: number | null;
  chatStatus: Status;
  chatError: 'notFound' | 'failed' | null;
  hasMore: boolean;
  loadingOlder: boolean;
  /** Own messages up to this id show 已读. */
  peerLastReadId: number;
  connection: StompStatus | 'idle';
  uploading: { chatId: number; percent: number } | null;
  /** Unsent text of the chats not on screen, so switching chats loses nothing. */
  drafts: Record<number, string>;

  // ---- transitions ----
  loadList(): Promise<void>;
  openChat(chatId: number): Promise<void>;
  closeChat(): void;
  loadOlder(): Promise<void>;
  setDraft(text: string): void;
  sendText(): Promise<void>;
  retry(clientMessageId: string): Promise<void>;
  sendImage(file: File): Promise<void>;
  receive(message: ChatMessage): Promise<void>;
  applyRead(push: Extract<NotificationPush, { type: 'chat.read' }>): void;
  resync(): Promise<void>;
  refreshImages(force?: boolean): Promise<void>;
  setConnection(status: StompStatus | 'idle'): void;
  reset(): void;
}

const initial = {
  chats: [],
  currentChat: null,
  messages: [],
  draft: '',
  unreadChatIds: [],
  listStatus: 'idle' as Status,
  openChatId: null,
  chatStatus: 'idle' as Status,
  chatError: null,
  hasMore: false,
  loadingOlder: false,
  peerLastReadId: 0,
  connection: 'idle' as const,
  uploading: null,
  drafts: {},
};

const myId = () => useSession.getState().userInfo?.id ?? null;

export const useChatStore = create<ChatState>()((set, get) => {
  // Answers that arrive after a logout, or after the user moved to another chat, are dropped.
  let generation = 0;
  let openSeq = 0;
  let tempId = 0;
  let listRun: Promise<void> | null = null;
  let listAgain = false;
  let imagesRefreshedAt = 0;

  const isOpen = (chatId: number) => get().openChatId === chatId;

  /** The open chat has been read (the server marked it while answering): clear its unread state. */
  function markLocallyRead(chatId: number) {
    set((s) => ({
      unreadChatIds: s.unreadChatIds.filter((id) => id !== chatId),
      chats: s.chats.map((c) => (c.chatId === chatId ? { ...c, haveNotRead: false, unreadCount: 0 } : c)),
    }));
  }

  /** Reads messages of the open chat and merges them in; every such read marks the chat read. */
  async function readInto(chatId: number, cursor: MessagesCursor, limit?: number) {
    const gen = generation;
    const page = await fetchMessages(chatId, cursor, limit);
    if (gen !== generation || !isOpen(chatId)) return null;
    set((s) => ({
      messages: mergeMessages(s.messages, page.list),
      peerLastReadId: Math.max(s.peerLastReadId, page.peerLastReadId),
    }));
    markLocallyRead(chatId);
    return page;
  }

  async function deliver(message: LocalMessage) {
    const gen = generation;
    try {
      const stored = await sendMessage({
        chatId: message.chatId,
        messageType: message.messageType,
        messageContent: message.messageContent,
        clientMessageId: message.clientMessageId!,
      });
      if (gen !== generation || !isOpen(stored.chatId)) return;
      set((s) => ({ messages: mergeMessages(s.messages, [stored]) }));
    } catch {
      if (gen !== generation) return;
      set((s) => ({
        messages: s.messages.map((m) =>
          m.clientMessageId === message.clientMessageId && !isStored(m) ? { ...m, pending: 'failed' } : m,
        ),
      }));
    }
  }

  return {
    ...initial,

    loadList() {
      // Pushes can come in bursts: one request at a time, plus one more if asked meanwhile.
      if (listRun) {
        listAgain = true;
        return listRun;
      }
      const gen = generation;
      const run: Promise<void> = (async () => {
        do {
          listAgain = false;
          if (get().listStatus !== 'ready') set({ listStatus: 'loading' });
          try {
            const list = await fetchChatList();
            if (gen !== generation) return;
            const open = get().openChatId;
            // The open chat is read as it arrives; a push being handled must not flash it unread.
            const chats = list.map((c) =>
              c.chatId === open ? { ...c, haveNotRead: false, unreadCount: 0 } : c,
            );
            const current = chats.find((c) => c.chatId === open);
            set((s) => ({
              chats,
              listStatus: 'ready',
              unreadChatIds: chats.filter((c) => c.haveNotRead).map((c) => c.chatId),
              currentChat: current && s.currentChat ? current : s.currentChat,
              peerLastReadId: current ? Math.max(s.peerLastReadId, current.peerLastReadId) : s.peerLastReadId,
            }));
          } catch {
            if (gen !== generation) return;
            if (get().listStatus !== 'ready') set({ listStatus: 'error' });
          }
        } while (listAgain && gen === generation);
      })().finally(() => {
        if (listRun === run) listRun = null;
      });
      listRun = run;
      return run;
    },

    // Spec section 4: opening a chat loads it, then its messages.
    async openChat(chatId) {
      const s = get();
      if (s.openChatId === chatId && s.chatStatus !== 'error') return;
      const seq = ++openSeq;
      const gen = generation;
      const drafts = { ...s.drafts };
      if (s.openChatId && s.draft) drafts[s.openChatId] = s.draft;
      const draft = drafts[chatId] ?? '';
      delete drafts[chatId];
      set({
        openChatId: chatId,
        currentChat: s.chats.find((c) => c.chatId === chatId) ?? null,
        chatStatus: 'loading',
        chatError: null,
        messages: [],
        hasMore: false,
        peerLastReadId: 0,
        draft,
        drafts,
      });
      const stale = () => seq !== openSeq || gen !== generation;
      try {
        const chat = await fetchChat(chatId);
        if (stale()) return;
        set({ currentChat: chat, peerLastReadId: chat.peerLastReadId });
        const page = await fetchMessages(chatId, { newest: true });
        if (stale()) return;
        // Pushes that came while loading were already added: keep them.
        const pushedLater = lastStoredId(get().messages) > lastStoredId(page.list);
        set((st) => ({
          messages: mergeMessages(page.list, st.messages),
          hasMore: page.hasMore,
          peerLastReadId: Math.max(st.peerLastReadId, page.peerLastReadId),
          chatStatus: 'ready',
        }));
        markLocallyRead(chatId);
        if (pushedLater) await readInto(chatId, { after: lastStoredId(page.list) }, CATCH_UP_LIMIT);
      } catch (err) {
        if (stale()) return;
        const notFound = err instanceof ApiError && (err.status === 404 || err.status === 400);
        set({ chatStatus: 'error', chatError: notFound ? 'notFound' : 'failed' });
      }
    },

    closeChat() {
      const s = get();
      openSeq++;
      const drafts = { ...s.drafts };
      if (s.openChatId && s.draft) drafts[s.openChatId] = s.draft;
      set({
        openChatId: null,
        currentChat: null,
        chatStatus: 'idle',
        chatError: null,
        messages: [],
        hasMore: false,
        peerLastReadId: 0,
        draft: '',
        drafts,
      });
    },

    async loadOlder() {
      const { openChatId, hasMore, loadingOlder, chatStatus, messages } = get();
      const before = firstStoredId(messages);
      if (!openChatId || !hasMore || loadingOlder || chatStatus !== 'ready' || !before) return;
      set({ loadingOlder: true });
      const gen = generation;
      try {
        const page = await fetchMessages(openChatId, { before });
        if (gen !== generation || !isOpen(openChatId)) return;
        set((s) => ({ messages: mergeMessages(page.list, s.messages), hasMore: page.hasMore }));
      } catch {
        // The list stays as it is; scrolling to the top again retries.
      } finally {
        if (isOpen(openChatId)) set({ loadingOlder: false });
      }
    },

    setDraft(text) {
      set({ draft: text });
    },

    // Spec section 4: sending text clears the draft.
    async sendText() {
      const { draft, openChatId, chatStatus } = get();
      const me = myId();
      if (!openChatId || chatStatus !== 'ready' || !me) return;
      if (!draft.trim() || draft.length > CHAT_TEXT_MAX) return;
      const pending: LocalMessage = {
        id: -++tempId,
        chatId: openChatId,
        senderId: me,
        messageType: '0',
        messageContent: draft,
        image: null,
        clientMessageId: newClientMessageId(),
        createdAt: new Date().toISOString(),
        pending: 'sending',
      };
      set((s) => ({ draft: '', messages: [...s.messages, pending] }));
      await deliver(pending);
    },

    async retry(clientMessageId) {
      const m = get().messages.find((x) => x.clientMessageId === clientMessageId && x.pending === 'failed');
      if (!m) return;
      set((s) => ({
        messages: s.messages.map((x) => (x === m ? { ...x, pending: 'sending' } : x)),
      }));
      // The same clientMessageId: if the first try was in fact stored, it is not stored twice.
      await deliver(m);
    },

    // Spec section 4: sending an image reloads the chat list.
    async sendImage(file) {
      const chatId = get().openChatId;
      if (!chatId || get().uploading) return;
      const gen = generation;
      set({ uploading: { chatId, percent: 0 } });
      try {
        const image = await uploadChatImage(file, (percent) => {
          if (gen === generation) set({ uploading: { chatId, percent } });
        });
        const stored = await sendMessage({
          chatId,
          messageType: '1',
          messageContent: image.id,
          clientMessageId: newClientMessageId(),
        });
        if (gen !== generation) return;
        if (isOpen(chatId)) set((s) => ({ messages: mergeMessages(s.messages, [stored]) }));
        await get().loadList();
      } catch {
        // The API client has already said what went wrong.
      } finally {
        if (gen === generation) set({ uploading: null });
      }
    },

    /**
     * Spec section 4, a pushed message: the matching chat gets it as last message and is
     * marked unread; if that chat is open it is appended (and the chat is then read); then
     * the list is reloaded. My own messages (echoed to all my tabs) are never unread.
     */
    async receive(message) {
      const own = message.senderId === myId();
      set((s) => ({
        chats: sortChats(
          s.chats.map((c) =>
            c.chatId !== message.chatId || (c.lastChatMessage && c.lastChatMessage.id > message.id)
              ? c
              : {
                  ...c,
                  lastChatMessage: message,
                  lastActivityAt: message.createdAt,
                  haveNotRead: own ? c.haveNotRead : true,
                  unreadCount: own ? c.unreadCount : c.unreadCount + 1,
                },
          ),
        ),
        unreadChatIds:
          own || s.unreadChatIds.includes(message.chatId)
            ? s.unreadChatIds
            : [...s.unreadChatIds, message.chatId],
        messages: s.openChatId === message.chatId ? mergeMessages(s.messages, [message]) : s.messages,
      }));
      if (isOpen(message.chatId) && get().chatStatus === 'ready') {
        if (own) markLocallyRead(message.chatId);
        // Reading from just before it marks it (and anything after it) read on the server.
        else await readInto(message.chatId, { after: message.id - 1 }, CATCH_UP_LIMIT).catch(() => null);
      }
      await get().loadList();
    },

    applyRead({ chatId, readerId, lastReadMessageId }) {
      if (readerId === myId()) return;
      set((s) => ({
        chats: s.chats.map((c) =>
          c.chatId === chatId ? { ...c, peerLastReadId: Math.max(c.peerLastReadId, lastReadMessageId) } : c,
        ),
        peerLastReadId:
          s.openChatId === chatId ? Math.max(s.peerLastReadId, lastReadMessageId) : s.peerLastReadId,
      }));
    },

    /** After every (re)connect: what came while the socket was down, then a fresh list. */
    async resync() {
      const { openChatId, chatStatus, messages } = get();
      if (openChatId && chatStatus === 'ready') {
        const last = lastStoredId(messages);
        try {
          const page = await readInto(openChatId, last ? { after: last } : { newest: true }, CATCH_UP_LIMIT);
          // Too much missed to stitch together: start again from the newest page.
          if (page?.hasMore && last) {
            set((s) => ({ messages: s.messages.filter((m) => !isStored(m)) }));
            const fresh = await readInto(openChatId, { newest: true });
            if (fresh) set({ hasMore: fresh.hasMore });
          }
        } catch {
          // The next push or reconnect tries again.
        }
      }
      await get().loadList();
    },

    /** Signed image URLs expire (403): fetch the held messages again for fresh ones, at most every 30 s. */
    async refreshImages(force = false) {
      const { openChatId, messages } = get();
      if (!openChatId || (!force && Date.now() - imagesRefreshedAt < 30_000)) return;
      imagesRefreshedAt = Date.now();
      const first = firstStoredId(messages);
      const held = messages.filter(isStored).length;
      let before = lastStoredId(messages) + 1;
      try {
        // Newest first, page by page, back to the oldest message on screen.
        while (first && before > first) {
          const page = await readInto(openChatId, { before }, Math.min(CATCH_UP_LIMIT, held));
          if (!page?.list.length || !page.hasMore) break;
          before = firstStoredId(page.list);
        }
      } catch {
        // Broken thumbnails stay; the next error tries again after the pause.
      }
    },

    setConnection(connection) {
      set({ connection });
    },

    reset() {
      generation++;
      openSeq++;
      listAgain = false;
      listRun = null;
      set({ ...initial });
    },
  };
});
