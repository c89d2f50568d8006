import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { useExpertBookings } from '../api/expert-bookings';
import { BookingList, useBookingListParams } from '../components/booking-list';
import { ExpertBookingActions } from '../components/expert-booking-actions';

/** 预约列表 (/expert/mybooking/list): bookings made with the signed-in expert. */
export function Component() {
  const navigate = useNavigate();
  const query = useExpertBookings(useBookingListParams());

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title="预约列表"
        sub="咨询开始后请确认完成或标记未到场；开始前如需取消，请填写原因，费用将全额退还来访者"
      />
      <BookingList
        query={query}
        viewer="expert"
        empty={{
          text: '还没有来访者预约，发布更多可预约时段试试',
          action: (
            <Button type="primary" onClick={() => navigate('/expert/management')}>
              管理预约时间
            </Button>
          ),
        }}
        actions={(b) => (
          <>
            <ExpertBookingActions booking={b} />
            <Button size="small" onClick={() => navigate(`/expert/mybooking/detail?id=${b.id}`)}>
              {b.status === 'completed' ? '详情与记录' : '查看详情'}
            </Button>
          </>
        )}
      />
    </WorkbenchLayout>
  );
}
