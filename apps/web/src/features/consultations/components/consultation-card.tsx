import { CalendarOutlined, MessageOutlined } from '@ant-design/icons';
import { consultModeLabels } from '@psy/contracts';
import { Badge, Button, Card, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { BookingStatusTag } from '../../../components/status-tags';
import { useBeginChat } from '../../../lib/begin-chat';
import { formatDateTime, slotRange } from '../../../lib/format';
import type { ConsultationItem } from '../api/consultations';
import styles from './consultations.module.css';

/** One expert of 专家咨询: who, the next booking, and the ways to go on (chat, book). */
export function ConsultationCard({ item }: { item: ConsultationItem }) {
  const navigate = useNavigate();
  const chat = useBeginChat();
  const { expert, nextBooking: next } = item;
  const openChat = () =>
    item.chat ? navigate(`/sys/userChat?chatId=${item.chat.id}`) : chat.start(expert.id);

  return (
    <Card className={styles.item} data-testid={`consultation-${expert.id}`}>
      <div className={styles.row}>
        <Link to={`/experts/detail?id=${expert.id}`} aria-label={`${expert.name}的主页`}>
          <ExpertAvatar expert={expert} size={56} />
        </Link>
        <div className={styles.main}>
          <div className={styles.name}>
            <Link to={`/experts/detail?id=${expert.id}`}>{expert.name}</Link>
          </div>
          <div className={styles.meta}>
            {[expert.title, expert.institution].filter(Boolean).join(' · ') || '心理咨询师'}
          </div>
          <div className={styles.meta}>
            最近联系 {formatDateTime(item.lastContactAt)}
            {item.bookingCount > 0 && ` · 预约过 ${item.bookingCount} 次`}
          </div>
          {next ? (
            <div className={styles.next}>
              <Space wrap size={6}>
                <CalendarOutlined />
                <span>下次预约：{slotRange(next.startsAt, next.endsAt)}</span>
                <span>{consultModeLabels[next.mode]}咨询</span>
                <BookingStatusTag status={next.status} />
                <Link to={`/booking/detail?id=${next.id}`}>查看预约</Link>
              </Space>
            </div>
          ) : (
            <div className={styles.none}>暂无待进行的预约</div>
          )}
        </div>
        <div className={styles.actions}>
          <Badge count={item.chat?.unread ?? 0} size="small">
            <Button type="primary" icon={<MessageOutlined />} loading={chat.isPending} onClick={openChat}>
              {item.chat ? '打开聊天' : '发起聊天'}
            </Button>
          </Badge>
          {next?.status === 'pending_payment' ? (
            <Button onClick={() => navigate(`/experts/pay?bookingId=${next.id}`)}>去支付</Button>
          ) : (
            <Button onClick={() => navigate(`/experts/detail?id=${expert.id}`)}>
              {item.bookingCount > 0 ? '再次预约' : '预约咨询'}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
