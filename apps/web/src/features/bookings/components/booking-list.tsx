import { bookingStatuses, type Booking, type BookingStatus, type Page } from '@psy/contracts';
import { Card, Empty, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListWithStates } from '../../../components/list-with-states';
import { BookingListItem } from './booking-list-item';
import { bookingTabs } from './status-tabs';

const PAGE_SIZE = 10;

/** The state tab and page of a booking list, kept in the URL (?status=&page=). */
export function useBookingListParams() {
  const [params] = useSearchParams();
  const raw = params.get('status');
  const status = bookingStatuses.includes(raw as BookingStatus) ? (raw as BookingStatus) : undefined;
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  return { status, pageNum, pageSize: PAGE_SIZE };
}

interface Props {
  query: {
    data?: Page<Booking>;
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  viewer: 'user' | 'expert';
  /** What an empty list says when no state is chosen, and what to do about it. */
  empty: { text: string; action: ReactNode };
  actions: (booking: Booking) => ReactNode;
}

/** 我的预约 and the expert's 预约列表: state tabs, then the bookings page by page. */
export function BookingList({ query, viewer, empty, actions }: Props) {
  const [, setParams] = useSearchParams();
  const { status, pageNum } = useBookingListParams();
  return (
    <>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(k) => setParams(k === 'all' ? {} : { status: k }, { replace: true })}
        items={bookingTabs.map((t) => ({ key: t.key, label: t.label }))}
      />
      <ListWithStates
        query={query}
        failed="预约加载失败"
        skeleton={
          <Card>
            <Skeleton avatar active paragraph={{ rows: 3 }} />
            <Skeleton avatar active paragraph={{ rows: 3 }} />
          </Card>
        }
        empty={
          <Card>
            <Empty description={status ? '这里还没有预约' : empty.text}>{empty.action}</Empty>
          </Card>
        }
        page={{
          current: pageNum,
          size: PAGE_SIZE,
          onChange: (p) => setParams({ ...(status ? { status } : {}), page: String(p) }),
        }}
      >
        {(list) =>
          list.map((b) => <BookingListItem key={b.id} booking={b} viewer={viewer} actions={actions(b)} />)
        }
      </ListWithStates>
    </>
  );
}
