import { CheckOutlined, RightOutlined } from '@ant-design/icons';
import { notificationKindLabels, type Notification } from '@psy/contracts';
import { Button, Tag } from 'antd';
import { formatDateTime } from '../../../lib/format';
import styles from './messages.module.css';

const kindColors: Record<Notification['kind'], string> = {
  system: 'default',
  account: 'red',
  booking: 'cyan',
  order: 'gold',
  assessment: 'blue',
  warning: 'volcano',
  report: 'geekblue',
  transfer: 'purple',
  cooperation: 'lime',
  review: 'green',
  course: 'magenta',
  feedback: 'lime',
};

interface Props {
  item: Notification;
  busy: boolean;
  onOpen: (item: Notification) => void;
  onMarkRead: (item: Notification) => void;
}

/** One notification: unread ones stand out (dot, bold title, tinted background). */
export function NotificationItem({ item, busy, onOpen, onMarkRead }: Props) {
  return (
    <li className={`${styles.item} ${item.read ? '' : styles.unread}`} data-notification-id={item.id}>
      <button
        type="button"
        className={styles.main}
        onClick={() => onOpen(item)}
        aria-label={`${item.read ? '' : '未读，'}${item.title}`}
      >
        <span className={styles.dot} aria-hidden />
        <span className={styles.body}>
          <span className={styles.titleLine}>
            <Tag color={kindColors[item.kind]} variant="filled" className={styles.kind}>
              {notificationKindLabels[item.kind]}
            </Tag>
            <span className={styles.title}>{item.title}</span>
          </span>
          <span className={styles.content}>{item.content}</span>
          <span className={styles.time}>
            {formatDateTime(item.createdAt)}
            {item.link && (
              <span className={styles.linkHint}>
                查看详情 <RightOutlined style={{ fontSize: 10 }} />
              </span>
            )}
          </span>
        </span>
      </button>
      {!item.read && (
        <Button
          className={styles.markRead}
          size="small"
          type="text"
          icon={<CheckOutlined />}
          loading={busy}
          onClick={() => onMarkRead(item)}
        >
          标为已读
        </Button>
      )}
    </li>
  );
}
