import { useChatStore } from '../store/chat-store';
import styles from './chat.module.css';

const labels = {
  idle: { text: '未连接', dot: styles.dotDown },
  connecting: { text: '连接中', dot: styles.dotWait },
  connected: { text: '已连接', dot: styles.dotOk },
  reconnecting: { text: '重新连接中', dot: styles.dotWait },
  stopped: { text: '连接已断开', dot: styles.dotDown },
} as const;

/** Whether new messages arrive live right now. */
export function ConnectionStatus() {
  const status = useChatStore((s) => s.connection);
  const { text, dot } = labels[status];
  return (
    <span className={styles.status} role="status" aria-live="polite" data-status={status}>
      <span className={`${styles.dot} ${dot}`} aria-hidden />
      {text}
    </span>
  );
}
