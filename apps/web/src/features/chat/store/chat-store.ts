import type { ChatImage, ChatListItem, ChatMessage, NotificationPush } from '@psy/contracts';
import { CHAT_LIST_PAGE_SIZE, CHAT_TEXT_MAX } from '@psy/contracts/constants';
import { useMemo } from 'react';
import { create } from 'zustand';
import { ApiError } from '../../../lib/api';
import { queryClient as qc } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import type { StompStatus } from '../../../lib/stomp';
import { toast } from '../../../lib/toast';
import {
  addPushToList,
  chatKeys,
  emptyThread,
  markChatRead,
  threadOf,
  updateChatList,
  updateThread,
} from '../api/chat-cache';
import { fetchChat, fetchChatList, fetchUnreadChatIds } from '../api/chats';
import {
  CATCH_UP_LIMIT,
  fetchMessages,
  newClientMessageId,
  sendMessage,
  type MessagesCursor,
} from '../api/messages';
import { uploadChatImage } from '../api/upload-image';
import { isTransient, sendWithRetries } from './delivery';
import {
  appendPage,
  firstStoredId,
  isStored,
  lastStoredId,
  mergeFirstPage,
  mergeMessages,
  type LocalMessage,
} from './merge';

type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The chat's UI and transport state, and its transitions (spec section 4), in one store so
 * the page, the header badge and the STOMP push all see the same thing. The server data
 * (chat list, unread chats, each chat's messages) lives in the TanStack Query cache
 * (api/chat-cache.ts); the transitions here do every read and write it there.
 */
interface ChatState {
  /** The chat asked for by the page, also while it loads; null when no chat is on screen. */
  openChatId: number | null;
  chatStatus: Status;
  chatError: 'notFound' | 'failed' | null;
  loadingOlder: boolean;
  /** The chat list could not be read and none is held: the list offers 重新加载. */
  listFailed: boolean;
  /** Older chats than the held ones may exist (the last page read was full). */
  listHasMore: boolean;
  loadingMoreChats: boolean;
  connection: StompStatus | 'idle';
  uploading: { chatId: number; percent: number } | null;
  /**
   * My messages not stored yet (发送中 or 发送失败), in every chat, oldest first: they survive
   * switching chats and are shown again when their chat is opened.
   */
  outbox: LocalMessage[];
  draft: string;
  /** Unsent text of the chats not on screen, so switching chats loses nothing. */
  drafts: Record<number, string>;

  // ---- transitions ----
  loadList(): Promise<void>;
  loadMoreChats(): Promise<void>;
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
  openChatId: null,
  chatStatus: 'idle' as Status,
  chatError: null,
  loadingOlder: false,
  listFailed: false,
  listHasMore: false,
  loadingMoreChats: false,
  connection: 'idle' as const,
  uploading: null,
  outbox: [],
  draft: '',
  drafts: {},
};

// Chat data is only ever written by the store: keep it for the whole session.
qc.setQueryDefaults(chatKeys.all, { gcTime: Infinity, staleTime: Infinity, retry: false });

/** The stored messages held for a chat (none when it is not open). */
const heldOf = (chatId: number): LocalMessage[] => threadOf(qc, chatId)?.messages ?? [];

const myId = () => useSession.getState().userInfo?.id ?? null;

export const useChatStore = create<ChatState>()((set, get) => {
  // Answers that arrive after a logout, or after the user moved to another chat, are dropped.
  let generation = 0;
  let openSeq = 0;
  let tempId = 0;
  let listRun: Promise<void> | null = null;
  let listAgain = false;
  let imagesRefreshedAt = 0;

  /**
   * Up to this id the open chat is held without a gap. Only reads move it (a page of
   * "everything after N" has no holes); pushes may have holes (a dropped socket) and my
   * own send answers skip what others sent meanwhile, so neither does. Catching up always
   * starts here.
   */
  let syncedId = 0;
  let catchUpRun: Promise<void> | null = null;
  let catchUpAgain = false;

  const outboxGet = (clientMessageId: string) =>
    get().outbox.find((m) => m.clientMessageId === clientMessageId);
  const outboxHas = (clientMessageId: string) => !!outboxGet(clientMessageId);
  /** Sends with a try under way, so a retry never runs twice at once. */
  const inFlight = new Set<string>();
  /** Failed only for want of a connection: tried again by themselves after a reconnect. */
  const retryOnReconnect = new Set<string>();

  const isOpen = (chatId: number) => get().openChatId === chatId;

  /** Stored copies have arrived (answer, push or read): those messages are no longer waiting. */
  function settleOutbox(list: ChatMessage[]) {
    const settled = new Set<string>();
    for (const m of list) {
      if (m.clientMessageId && outboxGet(m.clientMessageId)?.chatId === m.chatId) {
        settled.add(m.clientMessageId);
        retryOnReconnect.delete(m.clientMessageId);
      }
    }
    if (settled.size) set((s) => ({ outbox: s.outbox.filter((m) => !settled.has(m.clientMessageId!)) }));
  }

  /** Shows a waiting message as 发送中 or 发送失败, in the outbox and, when its chat is open, on screen. */
  function markUnsent(clientMessageId: string, pending: 'sending' | 'failed') {
    if (!outboxHas(clientMessageId)) return;
    set((s) => ({
      outbox: s.outbox.map((m) => (m.clientMessageId === clientMessageId ? { ...m, pending } : m)),
    }));
  }

  const markLocallyRead = (chatId: number) => markChatRead(qc, chatId);

  /** Reads messages of the open chat and merges them in; every such read marks the chat read. */
  async function readInto(chatId: number, cursor: MessagesCursor, limit?: number) {
    const gen = generation;
    const seq = openSeq;
    const page = await fetchMessages(chatId, cursor, limit);
    if (gen !== generation || seq !== openSeq || !isOpen(chatId)) return null;
    settleOutbox(page.list);
    // Everything after `after` up to the page's last message is now held.
    if ('after' in cursor && cursor.after <= syncedId) syncedId = Math.max(syncedId, lastStoredId(page.list));
    updateThread(qc, chatId, (t) => ({
      messages: mergeMessages(t.messages, page.list),
      peerLastReadId: Math.max(t.peerLastReadId, page.peerLastReadId),
    }));
    markLocallyRead(chatId);
    return page;
  }

  /**
   * Sends a waiting message, trying again by itself a few times (always the same
   * clientMessageId, so it is stored once); it stays 发送中 meanwhile and shows 发送失败 with
   * 重发 if every try fails. It is never dropped.
   */
  async function deliver(clientMessageId: string) {
    const message = outboxGet(clientMessageId);
    if (!message || inFlight.has(clientMessageId)) return;
    inFlight.add(clientMessageId);
    retryOnReconnect.delete(clientMessageId);
    const gen = generation;
    try {
      const stored = await sendWithRetries(
        () =>
          sendMessage(
            {
              chatId: message.chatId,
              messageType: message.messageType,
              messageContent: message.messageContent,
              clientMessageId,
            },
            { silent: true },
          ),
        { keepGoing: () => gen === generation && outboxHas(clientMessageId) },
      );
      if (gen !== generation) return;
      if (isOpen(stored.chatId)) {
        updateThread(qc, stored.chatId, (t) => ({ messages: mergeMessages(t.messages, [stored]) }));
      }
      settleOutbox([stored]);
    } catch (err) {
      if (gen !== generation || !outboxHas(clientMessageId)) return;
      markUnsent(clientMessageId, 'failed');
      if (isTransient(err)) retryOnReconnect.add(clientMessageId);
      else if (err instanceof ApiError && err.status !== 401) toast.error(err.message);
    } finally {
      inFlight.delete(clientMessageId);
    }
  }

  /** Puts a new message of mine in the outbox and on screen, then sends it. */
  function enqueue(message: LocalMessage): Promise<void> {
    set((s) => ({ outbox: [...s.outbox, message] }));
    return deliver(message.clientMessageId!);
  }

  /** Reads what came after `syncedId` in the open chat; one run at a time, plus one more if asked meanwhile. */
  function catchUp(): Promise<void> {
    if (catchUpRun) {
      catchUpAgain = true;
      return catchUpRun;
    }
    const run: Promise<void> = (async () => {
      do {
        catchUpAgain = false;
        const { openChatId, chatStatus } = get();
        if (!openChatId || chatStatus !== 'ready') return;
        try {
          await catchUpOnce(openChatId);
        } catch {
          // The next push or reconnect tries again, from the same place.
        }
      } while (catchUpAgain);
    })().finally(() => {
      if (catchUpRun === run) catchUpRun = null;
    });
    catchUpRun = run;
    return run;
  }

  async function catchUpOnce(chatId: number) {
    const from = syncedId;
    const seq = openSeq;
    // 0: the chat was empty when opened, so the newest page is all of it (or its newest part).
    const page = await readInto(chatId, from ? { after: from } : { newest: true }, CATCH_UP_LIMIT);
    if (!page || seq !== openSeq) return;
    if (!from) {
      syncedId = Math.max(syncedId, lastStoredId(page.list));
      if (page.hasMore) updateThread(qc, chatId, () => ({ hasMore: true }));
    } else if (page.hasMore) {
      // Too much missed to stitch together: start again from the newest page.
      updateThread(qc, chatId, () => ({ messages: [] }));
      const fresh = await readInto(chatId, { newest: true });
      if (fresh && seq === openSeq) {
        syncedId = Math.max(syncedId, lastStoredId(fresh.list));
        updateThread(qc, chatId, () => ({ hasMore: fresh.hasMore }));
      }
    }
  }

  /** The open chat is read as its messages arrive: a list answer must not flash it unread. */
  const shownRead = (page: ChatListItem[]) => {
    const open = get().openChatId;
    return page.map((c) => (c.chatId === open ? { ...c, haveNotRead: false, unreadCount: 0 } : c));
  };

  /**
   * The first page of the list read again, merged with the later pages held, and the unread
   * chats with it (never after it: the badge must not count the list without its unread chats).
   */
  async function fetchListOnce(gen: number) {
    const [answer, unreadIds] = await Promise.all([fetchChatList(), fetchUnreadChatIds()]);
    if (gen !== generation) return;
    const page = shownRead(answer);
    const open = get().openChatId;
    let heldMore = false;
    qc.setQueryData<ChatListItem[]>(chatKeys.list, (held) => {
      const merged = mergeFirstPage(held, page, CHAT_LIST_PAGE_SIZE);
      heldMore = merged.length > page.length;
      return merged;
    });
    qc.setQueryData<number[]>(
      chatKeys.unread,
      unreadIds.filter((id) => id !== open),
    );
    set((s) => ({
      listFailed: false,
      // A full page may have more after it; with later pages held, the last of them said.
      listHasMore: page.length < CHAT_LIST_PAGE_SIZE ? false : heldMore ? s.listHasMore : true,
    }));
    const current = page.find((c) => c.chatId === open);
    if (open && current) {
      updateThread(qc, open, (t) => ({
        chat: t.chat ? current : t.chat,
        peerLastReadId: Math.max(t.peerLastReadId, current.peerLastReadId),
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
      // 重新加载 shows the skeleton again while it tries.
      if (get().listFailed) set({ listFailed: false });
      const run: Promise<void> = (async () => {
        do {
          listAgain = false;
          try {
            await fetchListOnce(gen);
          } catch {
            // The cache keeps the last list; the list shows its error only if it never loaded.
            if (gen === generation && !qc.getQueryData(chatKeys.list)) set({ listFailed: true });
          }
          if (gen !== generation) return;
        } while (listAgain);
      })().finally(() => {
        if (listRun === run) listRun = null;
      });
      listRun = run;
      return run;
    },

    /** The next page of older chats, after the last one held (scrolling to the list's end). */
    async loadMoreChats() {
      const last = qc.getQueryData<ChatListItem[]>(chatKeys.list)?.at(-1);
      if (!last || !get().listHasMore || get().loadingMoreChats) return;
      const gen = generation;
      set({ loadingMoreChats: true });
      try {
        const page = shownRead(await fetchChatList(last));
        if (gen !== generation) return;
        updateChatList(qc, (held) => appendPage(held, page));
        set({ listHasMore: page.length >= CHAT_LIST_PAGE_SIZE });
      } catch {
        if (gen === generation) toast.error('更多会话加载失败，请稍后重试');
      } finally {
        if (gen === generation) set({ loadingMoreChats: false });
      }
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
      syncedId = 0;
      // My messages still waiting to be sent in this chat come back with it (from the outbox).
      const listed = qc.getQueryData<ChatListItem[]>(chatKeys.list)?.find((c) => c.chatId === chatId);
      qc.setQueryData(chatKeys.thread(chatId), emptyThread(listed ?? null));
      set({ openChatId: chatId, chatStatus: 'loading', chatError: null, draft, drafts });
      const stale = () => seq !== openSeq || gen !== generation;
      try {
        const chat = await fetchChat(chatId);
        if (stale()) return;
        updateThread(qc, chatId, () => ({ chat, peerLastReadId: chat.peerLastReadId }));
        const page = await fetchMessages(chatId, { newest: true });
        if (stale()) return;
        settleOutbox(page.list);
        syncedId = lastStoredId(page.list);
        // Pushes that came while loading were already added: keep them.
        const pushedLater = lastStoredId(heldOf(chatId)) > syncedId;
        updateThread(qc, chatId, (t) => ({
          messages: mergeMessages(page.list, t.messages),
          hasMore: page.hasMore,
          peerLastReadId: Math.max(t.peerLastReadId, page.peerLastReadId),
        }));
        set({ chatStatus: 'ready' });
        markLocallyRead(chatId);
        if (pushedLater) await catchUp();
      } catch (err) {
        if (stale()) return;
        const notFound = err instanceof ApiError && (err.status === 404 || err.status === 400);
        set({ chatStatus: 'error', chatError: notFound ? 'notFound' : 'failed' });
      }
    },

    closeChat() {
      const s = get();
      openSeq++;
      syncedId = 0;
      const drafts = { ...s.drafts };
      if (s.openChatId && s.draft) drafts[s.openChatId] = s.draft;
      set({ openChatId: null, chatStatus: 'idle', chatError: null, draft: '', drafts });
    },

    async loadOlder() {
      const { openChatId, loadingOlder, chatStatus } = get();
      const thread = openChatId ? threadOf(qc, openChatId) : undefined;
      const before = firstStoredId(thread?.messages ?? []);
      if (!openChatId || !thread?.hasMore || loadingOlder || chatStatus !== 'ready' || !before) return;
      set({ loadingOlder: true });
      const gen = generation;
      try {
        const page = await fetchMessages(openChatId, { before });
        if (gen !== generation || !isOpen(openChatId)) return;
        updateThread(qc, openChatId, (t) => ({
          messages: mergeMessages(page.list, t.messages),
          hasMore: page.hasMore,
        }));
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
      set({ draft: '' });
      await enqueue(pending);
    },

    async retry(clientMessageId) {
      if (outboxGet(clientMessageId)?.pending !== 'failed' || inFlight.has(clientMessageId)) return;
      markUnsent(clientMessageId, 'sending');
      // The same clientMessageId: if the first try was in fact stored, it is not stored twice.
      await deliver(clientMessageId);
    },

    // Spec section 4: sending an image reloads the chat list.
    async sendImage(file) {
      const chatId = get().openChatId;
      const me = myId();
      if (!chatId || !me || get().uploading) return;
      const gen = generation;
      set({ uploading: { chatId, percent: 0 } });
      let image: ChatImage;
      try {
        image = await uploadChatImage(file, (percent) => {
          if (gen === generation) set({ uploading: { chatId, percent } });
        });
      } catch {
        // The API client has already said what went wrong; nothing was sent.
        return;
      } finally {
        if (gen === generation) set({ uploading: null });
      }
      if (gen !== generation) return;
      // Uploaded: from here it is a message like a text one (发送中, tried again, 重发).
      await enqueue({
        id: -++tempId,
        chatId,
        senderId: me,
        messageType: '1',
        messageContent: image.id,
        image,
        clientMessageId: newClientMessageId(),
        createdAt: new Date().toISOString(),
        pending: 'sending',
      });
      if (gen === generation) await get().loadList();
    },

    /**
     * Spec section 4, a pushed message (the STOMP handler): the matching chat gets it as last
     * message and is marked unread; if that chat is open it is appended (and the chat is then
     * read); then the list is reloaded. My own messages (echoed to all my tabs) are never unread.
     */
    async receive(message) {
      const own = message.senderId === myId();
      addPushToList(qc, message, own);
      if (isOpen(message.chatId)) {
        updateThread(qc, message.chatId, (t) => ({ messages: mergeMessages(t.messages, [message]) }));
      }
      settleOutbox([message]);
      if (isOpen(message.chatId) && get().chatStatus === 'ready') {
        if (own) markLocallyRead(message.chatId);
        // Reading everything after the gap-free part marks it read on the server, and fills
        // any hole a dropped socket left before this message.
        else await catchUp();
      }
      await get().loadList();
    },

    applyRead({ chatId, readerId, lastReadMessageId }) {
      if (readerId === myId()) return;
      updateChatList(qc, (list) =>
        list.map((c) =>
          c.chatId === chatId ? { ...c, peerLastReadId: Math.max(c.peerLastReadId, lastReadMessageId) } : c,
        ),
      );
      if (isOpen(chatId)) {
        updateThread(qc, chatId, (t) => ({ peerLastReadId: Math.max(t.peerLastReadId, lastReadMessageId) }));
      }
    },

    /**
     * After every (re)connect, once the server has confirmed the subscriptions: what came
     * while the socket was down, my messages that failed for want of a connection, then a
     * fresh list.
     */
    async resync() {
      await catchUp();
      for (const clientMessageId of [...retryOnReconnect]) {
        markUnsent(clientMessageId, 'sending');
        void deliver(clientMessageId);
      }
      await get().loadList();
    },

    /** Signed image URLs expire (403): fetch the held messages again for fresh ones, at most every 30 s. */
    async refreshImages(force = false) {
      const { openChatId } = get();
      if (!openChatId || (!force && Date.now() - imagesRefreshedAt < 30_000)) return;
      imagesRefreshedAt = Date.now();
      const messages = heldOf(openChatId);
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
      syncedId = 0;
      catchUpAgain = false;
      catchUpRun = null;
      inFlight.clear();
      retryOnReconnect.clear();
      set({ ...initial });
      // The previous account's chats go with it; an answer still on its way is dropped.
      void qc.cancelQueries({ queryKey: chatKeys.all });
      void qc.resetQueries({ queryKey: chatKeys.all });
    },
  };
});

/** The open chat's messages as shown: the stored ones, then mine still waiting (发送中/发送失败). */
export function useShownMessages(chatId: number, stored: ChatMessage[] | undefined): LocalMessage[] {
  const outbox = useChatStore((s) => s.outbox);
  return useMemo(
    () =>
      mergeMessages(
        stored ?? [],
        outbox.filter((m) => m.chatId === chatId),
      ),
    [stored, outbox, chatId],
  );
}
