import { consultModeLabels, consultModes, type ConsultMode } from '@psy/contracts';
import { Alert, DatePicker, Form, InputNumber, Radio, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { FormModal } from '../../../components/form-modal';
import { useAddSlot } from '../api/my-availability';
import { dayKey, shanghai, shanghaiIso } from '../../../lib/format';

interface Values {
  date: Dayjs;
  time: Dayjs;
  durationMinutes: number;
  mode: ConsultMode;
}

/**
 * 发布单次时段: a date and a start time on the Beijing clock (what the expert types is
 * Beijing time whatever zone the browser is in), sent as ISO with +08:00.
 */
export function AddSlotModal({
  open,
  date,
  defaultMinutes,
  modes,
  onClose,
}: {
  open: boolean;
  /** The day the expert clicked on, YYYY-MM-DD, or null for an empty form. */
  date: Dayjs | null;
  defaultMinutes: number;
  modes: ConsultMode[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const add = useAddSlot();
  const allowed = modes.length ? modes : [...consultModes];

  const submit = (v: Values) => {
    const startsAt = shanghaiIso(v.date.format('YYYY-MM-DD'), v.time.format('HH:mm'));
    add.mutate(
      { startsAt, durationMinutes: v.durationMinutes, mode: v.mode },
      {
        onSuccess: onClose,
      },
    );
  };

  return (
    // A fresh form each time it opens, starting from the day that was clicked.
    <FormModal
      title="发布单次时段"
      open={open}
      onClose={onClose}
      okText="发布"
      form={form}
      pending={add.isPending}
      width={440}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ date: date ?? undefined, durationMinutes: defaultMinutes, mode: allowed[0] }}
      >
        <Form.Item name="date" label="日期" rules={[{ required: true, message: '请选择日期' }]}>
          <DatePicker
            style={{ width: '100%' }}
            format="YYYY-MM-DD"
            disabledDate={(d) => d.format('YYYY-MM-DD') < dayKey(shanghai())}
            aria-label="日期"
          />
        </Form.Item>
        <Form.Item
          name="time"
          label="开始时间（北京时间）"
          dependencies={['date']}
          rules={[
            { required: true, message: '请选择开始时间' },
            ({ getFieldValue }) => ({
              validator(_, t?: Dayjs) {
                const d = getFieldValue('date') as Dayjs | undefined;
                if (!d || !t) return Promise.resolve();
                const at = shanghaiIso(d.format('YYYY-MM-DD'), t.format('HH:mm'));
                return shanghai(at).isAfter(shanghai())
                  ? Promise.resolve()
                  : Promise.reject(new Error('只能发布未来的时间'));
              },
            }),
          ]}
        >
          <TimePicker
            style={{ width: '100%' }}
            format="HH:mm"
            minuteStep={5}
            needConfirm={false}
            aria-label="开始时间"
          />
        </Form.Item>
        <Form.Item
          name="durationMinutes"
          label="时长（分钟）"
          rules={[{ required: true, type: 'number', min: 15, max: 180, message: '时长为15–180分钟' }]}
        >
          <InputNumber min={15} max={180} step={5} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="mode" label="咨询方式" rules={[{ required: true, message: '请选择咨询方式' }]}>
          <Radio.Group options={allowed.map((m) => ({ value: m, label: consultModeLabels[m] }))} />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title="不能与已发布的时段重叠；发布后来访者即可在专家详情页预约。" />
    </FormModal>
  );
}
