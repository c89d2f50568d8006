import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { consultModeLabels, consultModes, type ConsultMode } from '@psy/contracts';
import {
  Button,
  Empty,
  Form,
  InputNumber,
  List,
  Popconfirm,
  Select,
  Skeleton,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAddTemplate, useMyTemplates, useRemoveTemplate } from '../api/my-availability';
import { LoadFailed } from '../../../components/page-states';

const weekdays = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

interface Values {
  weekday: number;
  time: Dayjs;
  durationMinutes: number;
  mode: ConsultMode;
}

const endOf = (start: string, minutes: number) =>
  dayjs(`2000-01-01T${start}:00`).add(minutes, 'minute').format('HH:mm');

/** 每周固定时段: each one publishes its slots four weeks ahead; removing it closes the unbooked ones. */
export function WeeklyTemplates({
  defaultMinutes,
  modes,
  canPublish,
}: {
  defaultMinutes: number;
  modes: ConsultMode[];
  canPublish: boolean;
}) {
  const { data, isPending, isError, refetch } = useMyTemplates();
  const add = useAddTemplate();
  const remove = useRemoveTemplate();
  const [form] = Form.useForm<Values>();
  const allowed = modes.length ? modes : [...consultModes];

  const submit = (v: Values) =>
    add.mutate(
      {
        weekday: v.weekday,
        startTime: v.time.format('HH:mm'),
        durationMinutes: v.durationMinutes,
        mode: v.mode,
      },
      { onSuccess: () => form.resetFields(['time']) },
    );

  return (
    <div>
      <Typography.Paragraph type="secondary">
        设置每周固定的咨询时间，系统会自动发布未来4周的对应时段；删除后，尚未被预约的未来时段会一并关闭。
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="inline"
        onFinish={submit}
        disabled={!canPublish}
        initialValues={{ weekday: 1, durationMinutes: defaultMinutes, mode: allowed[0] }}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="weekday" rules={[{ required: true, message: '请选择星期' }]}>
          <Select
            style={{ width: 96 }}
            options={weekdays.map((w, i) => ({ value: i + 1, label: w }))}
            aria-label="星期"
          />
        </Form.Item>
        <Form.Item name="time" rules={[{ required: true, message: '请选择开始时间' }]}>
          <TimePicker
            format="HH:mm"
            minuteStep={5}
            needConfirm={false}
            placeholder="开始时间"
            style={{ width: 120 }}
            aria-label="开始时间"
          />
        </Form.Item>
        <Form.Item name="durationMinutes" rules={[{ required: true, message: '请填写时长' }]}>
          <InputNumber
            min={15}
            max={180}
            step={5}
            precision={0}
            suffix="分钟"
            style={{ width: 120 }}
            aria-label="时长"
          />
        </Form.Item>
        <Form.Item name="mode" rules={[{ required: true, message: '请选择咨询方式' }]}>
          <Select
            style={{ width: 88 }}
            options={allowed.map((m) => ({ value: m, label: consultModeLabels[m] }))}
            aria-label="咨询方式"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
            添加
          </Button>
        </Form.Item>
      </Form>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError ? (
        <LoadFailed title="每周时段加载失败" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Empty description="还没有每周固定时段，添加后来访者即可按周预约" />
      ) : (
        <List
          bordered
          dataSource={data}
          renderItem={(t) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="del"
                  title="删除这个每周时段？"
                  description="尚未被预约的未来时段将被关闭，已有预约不受影响。"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove.mutateAsync(t.id)}
                >
                  <Button
                    type="text"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={`删除每${weekdays[t.weekday - 1]} ${t.startTime}`}
                  >
                    删除
                  </Button>
                </Popconfirm>,
              ]}
            >
              <span>
                <Typography.Text strong>每{weekdays[t.weekday - 1]}</Typography.Text> {t.startTime}–
                {endOf(t.startTime, t.durationMinutes)}
                <Typography.Text type="secondary"> · {t.durationMinutes} 分钟 </Typography.Text>
                <Tag color={t.mode === 'online' ? 'blue' : 'gold'}>{consultModeLabels[t.mode]}</Tag>
                {!t.active && <Tag>已停用</Tag>}
              </span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
