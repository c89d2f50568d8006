import { FileTextOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useMyBookings } from '../api/bookings';
import { BookingList, useBookingListParams } from '../components/booking-list';
import styles from '../components/bookings.module.css';

/** 我的预约 (/booking/list): the user's bookings by state, newest first. */
export function Component() {
  const navigate = useNavigate();
  const query = useMyBookings(useBookingListParams());

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
      <BookingList
        query={query}
        viewer="user"
        empty={{
          text: '还没有预约过咨询，找一位合适的咨询师聊聊吧',
          action: (
            <Button type="primary" onClick={() => navigate('/app/expert')}>
              去预约咨询
            </Button>
          ),
        }}
        actions={(b) => (
          <>
            {b.status === 'pending_payment' && (
              <Button type="primary" size="small" onClick={() => navigate(`/experts/pay?bookingId=${b.id}`)}>
                去支付
              </Button>
            )}
            <Button size="small" onClick={() => navigate(`/booking/detail?id=${b.id}`)}>
              查看详情
            </Button>
          </>
        )}
      />
    </div>
  );
}
