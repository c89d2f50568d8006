import { Grid, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate, useSearchParams } from 'react-router';
import { handleValue } from '../../../lib/route-handle';
import { avatarUrl, isExpert, useSession } from '../../../lib/session';
import { useBeginChat } from '../api/chats';
import { ChatList } from '../components/chat-list';
import { NoChatSelected, StartHint } from '../components/chat-empty';
import styles from '../components/chat.module.css';
import { ConnectionStatus } from '../components/connection-status';
import { Conversation } from '../components/conversation';
import { useChatListData } from '../api/chat-cache';
import { useChatStore } from '../store/chat-store';

const idParam = (v: string | null): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * 在线咨询 (/sys/userChat): chat list left, open chat right;
 * on a phone one of the two. ?chatId=<id> opens a chat; ?receiverId=<userId> begins (or
 * finds) the chat with that person first, for links from an expert's page.
 */
export function Component() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = handleValue(useMatches(), 'title') ?? '在线咨询';
  const user = useSession((s) => s.userInfo);
  // Another account signing in (in another tab) resets the chat store: load again for it.
  const token = useSession((s) => s.token);
  const phone = !Grid.useBreakpoint().md;
  const chatId = idParam(params.get('chatId'));
  const receiverId = idParam(params.get('receiverId'));

  const chats = useChatListData().data;
  const listReady = chats !== undefined;
  const hasChats = !!chats?.length;
  const loadList = useChatStore((s) => s.loadList);
  const openChat = useChatStore((s) => s.openChat);
  const closeChat = useChatStore((s) => s.closeChat);

  useEffect(() => {
    if (token) void loadList();
  }, [loadList, token]);

  // The URL says which chat is open; leaving the page closes it, so pushes for it count as unread again.
  useEffect(() => {
    if (chatId && token) void openChat(chatId);
    else closeChat();
  }, [chatId, token, openChat, closeChat]);
  useEffect(() => closeChat, [closeChat]);

  const begin = useBeginChat();
  const begun = useRef<number | null>(null);
  useEffect(() => {
    if (!receiverId || begun.current === receiverId) return;
    begun.current = receiverId;
    begin.mutate(receiverId, {
      onSuccess: (chat) => {
        void loadList();
        navigate(`${pathname}?chatId=${chat.chatId}`, { replace: true });
      },
      onError: () => navigate(pathname, { replace: true }),
    });
  }, [receiverId, begin, navigate, pathname, loadList]);

  // On a phone each chat is a step the back button undoes; on a wide screen they replace each other.
  const select = (id: number) => navigate(`${pathname}?chatId=${id}`, { replace: !phone && !!chatId });
  const back = () => navigate(pathname);

  const expert = isExpert(user);
  const me = { id: user?.id ?? 0, name: user?.name ?? '我', avatar: avatarUrl(user) };

  return (
    <div className="page-container" style={{ paddingTop: phone ? 12 : 24, paddingBottom: phone ? 12 : 24 }}>
      <div className={styles.shell} data-view={chatId || receiverId ? 'chat' : 'list'}>
        <aside className={styles.listPane} aria-label="会话">
          <div className={styles.paneHeader}>
            <h1 className={styles.paneTitle}>{title}</h1>
            <ConnectionStatus />
          </div>
          <ChatList
            myId={me.id}
            activeId={chatId}
            onSelect={select}
            emptyHint={phone ? <StartHint expert={expert} /> : '暂无会话'}
          />
        </aside>
        <section className={styles.conversation} aria-label="聊天窗口">
          {receiverId ? (
            <div className={styles.centered}>
              <Spin tip="正在打开会话…">
                <div style={{ width: 160, height: 80 }} />
              </Spin>
            </div>
          ) : chatId ? (
            <Conversation key={chatId} chatId={chatId} me={me} onBack={back} />
          ) : (
            <div className={styles.centered}>
              {listReady && <NoChatSelected expert={expert} hasChats={hasChats} />}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
