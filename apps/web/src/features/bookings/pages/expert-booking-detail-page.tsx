import { MessageOutlined, PhoneOutlined, ProfileOutlined } from '@ant-design/icons';
import { consultModeLabels, contactPreferenceLabels } from '@psy/contracts';
import { Alert, Button, Card, Descriptions, Space } from 'antd';
import { useNavigate } from 'react-router';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { useBeginChat } from '../../../lib/begin-chat';
import { shanghai, slotRange, yuan } from '../../../lib/format';
import { BookingStatusTag } from '../../../components/status-tags';
import { ExpertBookingActions } from '../components/expert-booking-actions';
import { OrderFacts } from '../components/order-facts';
import { SessionNoteCard } from '../components/session-note-card';
import { useBookingPage } from '../components/use-booking-page';
import { factColumns, wideFact } from '../components/layout';

/** 预约详情 (/expert/mybooking/detail?id=) for the expert: who booked, how to reach them, what about. */
export function Component() {
  const navigate = useNavigate();
  const { booking: b, state } = useBookingPage({ to: '/expert/mybooking/list', label: '预约列表' });
  const chat = useBeginChat();
  if (state || !b) return <WorkbenchLayout>{state?.view}</WorkbenchLayout>;

  const started = !shanghai(b.startsAt).isAfter(shanghai());

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title={
          <Space align="center" wrap>
            预约详情
            <BookingStatusTag status={b.status} />
          </Space>
        }
        extra={<Button onClick={() => navigate('/expert/mybooking/list')}>返回预约列表</Button>}
      />
      {b.status === 'confirmed' && started && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="咨询已开始，结束后请确认完成或标记未到场。"
        />
      )}
      {b.status === 'pending_payment' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="来访者尚未支付，超时未支付将自动取消。"
        />
      )}
      <Card title="来访者">
        <Descriptions
          column={factColumns}
          items={[
            { key: 'name', label: '姓名', children: b.user.name || '未填写' },
            {
              key: 'phone',
              label: '手机号',
              children: (
                <a href={`tel:${b.user.telephone}`}>
                  <PhoneOutlined /> {b.user.telephone}
                </a>
              ),
            },
            { key: 'contact', label: '联系方式偏好', children: contactPreferenceLabels[b.contactPreference] },
          ]}
        />
      </Card>
      <Card title="咨询内容" style={{ marginTop: 16 }}>
        <Descriptions
          column={factColumns}
          items={[
            { key: 'time', label: '咨询时间', children: slotRange(b.startsAt, b.endsAt) },
            { key: 'mode', label: '咨询方式', children: `${consultModeLabels[b.mode]}咨询` },
            { key: 'price', label: '咨询费用', children: yuan(b.priceFen) },
            { key: 'topic', label: '咨询主题', span: wideFact, children: b.topic },
            {
              key: 'note',
              label: '补充说明',
              span: wideFact,
              children: b.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{b.note}</span> : '无',
            },
          ]}
        />
      </Card>
      {(b.status === 'completed' || b.status === 'confirmed') && <SessionNoteCard booking={b} />}
      <Card title="订单" style={{ marginTop: 16 }}>
        <OrderFacts booking={b} orderLink={false} />
      </Card>
      <Card style={{ marginTop: 16 }}>
        <Space wrap>
          <Button icon={<MessageOutlined />} loading={chat.isPending} onClick={() => chat.start(b.user.id)}>
            联系来访者
          </Button>
          <Button
            icon={<ProfileOutlined />}
            onClick={() => void navigate(`/expert/archives/record?userId=${b.user.id}`)}
          >
            心理档案
          </Button>
          <ExpertBookingActions booking={b} size="middle" />
        </Space>
      </Card>
    </WorkbenchLayout>
  );
}
