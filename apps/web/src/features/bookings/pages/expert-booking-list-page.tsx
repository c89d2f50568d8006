import { bookingStatuses, type BookingStatus } from '@psy/contracts';
import { Button, Card, Empty, Pagination, Result, Skeleton, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { useExpertBookings } from '../api/expert-bookings';
import { BookingListItem } from '../components/booking-list-item';
import { ExpertBookingActions } from '../components/expert-booking-actions';
import { bookingTabs } from '../components/status-tabs';

const PAGE_SIZE = 10;

/** 预约列表 (/expert/mybooking/list): bookings made with the signed-in expert. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('status');
  const status = bookingStatuses.includes(raw as BookingStatus) ? (raw as BookingStatus) : undefined;
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useExpertBookings({
    status,
    pageNum,
    pageSize: PAGE_SIZE,
  });

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title="预约列表"
        sub="咨询开始后请确认完成或标记未到场；开始前如需取消，请填写原因，费用将全额退还来访者"
      />
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
          <Empty description={status ? '这里还没有预约' : '还没有来访者预约，发布更多可预约时段试试'}>
            <Button type="primary" onClick={() => navigate('/expert/management')}>
              管理预约时间
            </Button>
          </Empty>
        </Card>
      ) : (
        <div style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
          {data.list.map((b) => (
            <BookingListItem
              key={b.id}
              booking={b}
              viewer="expert"
              actions={
                <>
                  <ExpertBookingActions booking={b} />
                  <Button size="small" onClick={() => navigate(`/expert/mybooking/detail?id=${b.id}`)}>
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
    </WorkbenchLayout>
  );
}
