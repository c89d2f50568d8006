import { CheckCircleOutlined } from '@ant-design/icons';
import type { Notification } from '@psy/contracts';
import { Button, Card, Empty, Pagination, Segmented, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { isSafeRedirect } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLastPageClamp, useStatusPage } from '../../../lib/url-filters';
import {
  NOTIFICATION_PAGE_SIZE,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  type NotificationFilter,
} from '../api/notifications';
import styles from '../components/messages.module.css';
import { NotificationItem } from '../components/notification-item';
import { LoadFailed } from '../../../components/page-states';

const filters: NotificationFilter[] = ['all', 'unread', 'read'];
const emptyText: Record<NotificationFilter, string> = {
  all: '暂无消息。预约、订单、测评报告等有新进展时，会在这里通知您。',
  unread: '没有未读消息，您已看完全部通知。',
  read: '还没有已读的消息。',
};

/** 消息中心 (/user/message): my notifications, filter by read state, mark read, follow their links. */
export function Component() {
  const navigate = useNavigate();
  const { status, page, go } = useStatusPage(filters);
  const { data, isPending, isError, isPlaceholderData, refetch } = useNotifications(status, page);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = data?.haveNotRead ?? 0;

  // Marking the last unread items of a page read empties it under 未读: step back to a page that has some.
  useLastPageClamp(data?.total, NOTIFICATION_PAGE_SIZE, !isPlaceholderData);

  const open = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id);
    if (item.link && isSafeRedirect(item.link)) navigate(item.link);
  };

  const onReadAll = () =>
    markAll.mutate(undefined, {
      onSuccess: (r) => toast.success(r.updated ? `已将 ${r.updated} 条消息标为已读` : '没有未读消息'),
    });

  return (
    <div className="page-container" style={{ maxWidth: 960 }}>
      <Card>
        <div className={styles.header}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            消息中心
          </Typography.Title>
          <Button
            icon={<CheckCircleOutlined />}
            disabled={!unread}
            loading={markAll.isPending}
            onClick={onReadAll}
          >
            全部已读
          </Button>
        </div>
        <Segmented<NotificationFilter>
          value={status}
          onChange={(v) => go({ status: v })}
          options={[
            { value: 'all', label: '全部' },
            { value: 'unread', label: unread ? `未读 (${unread})` : '未读' },
            { value: 'read', label: '已读' },
          ]}
          style={{ margin: '8px 0 12px' }}
        />
        {isPending ? (
          <div style={{ padding: '8px 0' }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} active title={{ width: '40%' }} paragraph={{ rows: 2 }} />
            ))}
          </div>
        ) : isError ? (
          <LoadFailed title="消息加载失败" onRetry={() => void refetch()} />
        ) : data.list.length === 0 ? (
          <Empty description={emptyText[status]} style={{ padding: '40px 0' }} />
        ) : (
          <>
            <ul
              className={styles.list}
              aria-label="通知列表"
              style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
            >
              {data.list.map((n) => (
                <NotificationItem
                  key={n.id}
                  item={n}
                  busy={markRead.isPending && markRead.variables === n.id}
                  onOpen={open}
                  onMarkRead={(item) => markRead.mutate(item.id)}
                />
              ))}
            </ul>
            {data.total > NOTIFICATION_PAGE_SIZE && (
              <div className={styles.pager}>
                <Pagination
                  current={page}
                  pageSize={NOTIFICATION_PAGE_SIZE}
                  total={data.total}
                  showSizeChanger={false}
                  showTotal={(t) => `共 ${t} 条`}
                  onChange={(p) => go({ page: p })}
                />
              </div>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
