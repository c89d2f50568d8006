import { FileTextOutlined } from '@ant-design/icons';
import { bookingStatuses, type BookingStatus } from '@psy/contracts';
import { Button, Card, Empty, Pagination, Result, Skeleton, Tabs, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMyBookings } from '../api/bookings';
import { BookingListItem } from '../components/booking-list-item';
import styles from '../components/bookings.module.css';
import { bookingTabs } from '../components/status-tabs';

const PAGE_SIZE = 10;

/** 我的预约 (/booking/list): the user's bookings by state, newest first. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('status');
  const status = bookingStatuses.includes(raw as BookingStatus) ? (raw as BookingStatus) : undefined;
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useMyBookings({
    status,
    pageNum,
    pageSize: PAGE_SIZE,
  });

  return (
    <div className="page-container" style={{ maxWidth: 960 }}>
      <div className={styles.head}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          我的预约
        </Typography.Title>
        <Link to="/user/orderInfo">
          <FileTextOutlined /> 我的订单
        </Link>
      </div>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(k) => setParams(k === 'all' ? {} : { status: k }, { replace: true })}
        items={bookingTabs.map((t) => ({ key: t.key, label: t.label }))}
      />
      {isPending ? (
        <Card>
          <Skeleton avatar active paragraph={{ rows: 3 }} />
          <Skeleton avatar active paragraph={{ rows: 3 }} />
        </Card>
      ) : isError ? (
        <Result
          status="warning"
          title="预约加载失败"
          extra={<Button onClick={() => void refetch()}>重新加载</Button>}
        />
      ) : data.list.length === 0 ? (
        <Card>
          <Empty description={status ? '这里还没有预约' : '还没有预约过咨询，找一位合适的咨询师聊聊吧'}>
            <Button type="primary" onClick={() => navigate('/app/expert')}>
              去预约咨询
            </Button>
          </Empty>
        </Card>
      ) : (
        <div style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
          {data.list.map((b) => (
            <BookingListItem
              key={b.id}
              booking={b}
              viewer="user"
              actions={
                <>
                  {b.status === 'pending_payment' && (
                    <Button
                      type="primary"
                      size="small"
                      onClick={() => navigate(`/experts/pay?bookingId=${b.id}`)}
                    >
                      去支付
                    </Button>
                  )}
                  <Button size="small" onClick={() => navigate(`/booking/detail?id=${b.id}`)}>
                    查看详情
                  </Button>
                </>
              }
            />
          ))}
          {data.total > PAGE_SIZE && (
            <Pagination
              style={{ marginTop: 20, justifyContent: 'center' }}
              current={pageNum}
              pageSize={PAGE_SIZE}
              total={data.total}
              showSizeChanger={false}
              onChange={(p) => setParams({ ...(status ? { status } : {}), page: String(p) })}
            />
          )}
        </div>
      )}
    </div>
  );
}
