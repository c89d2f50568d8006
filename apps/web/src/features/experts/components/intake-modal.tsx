import {
  consultModeLabels,
  contactPreferenceLabels,
  contactPreferences,
  type CreateBookingBody,
  type ExpertDetail,
  type Slot,
} from '@psy/contracts';
import { Alert, Descriptions, Form, Input, Radio } from 'antd';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { useCreateBooking } from '../api/create-booking';
import { slotRange, yuan } from '../../../lib/format';

type Values = Omit<CreateBookingBody, 'slotId'>;

/** The short intake before booking: what it is about and how the expert should reach out. */
export function IntakeModal({
  expert,
  slot,
  open,
  onClose,
}: {
  expert: ExpertDetail;
  slot: Slot | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useCreateBooking();

  const submit = (values: Values) => {
    if (!slot) return;
    create.mutate(
      {
        slotId: slot.id,
        topic: values.topic.trim(),
        contactPreference: values.contactPreference,
        note: values.note?.trim() || undefined,
      },
      {
        onSuccess: (b) => {
          onClose();
          form.resetFields();
          navigate(`/experts/pay?bookingId=${b.id}`);
        },
      },
    );
  };

  return (
    <FormModal
      title="填写预约信息"
      open={open}
      onClose={onClose}
      okText="提交预约"
      cancelText="返回"
      form={form}
      pending={create.isPending}
      width={520}
    >
      {slot && (
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 16 }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          items={[
            { key: 'expert', label: '咨询师', children: `${expert.name} · ${expert.title}` },
            { key: 'time', label: '时间', children: slotRange(slot.startsAt, slot.endsAt) },
            { key: 'mode', label: '方式', children: `${consultModeLabels[slot.mode]}咨询` },
            { key: 'price', label: '费用', children: yuan(expert.priceFen) },
          ]}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        // Required fields carry the usual red mark, optional ones say 选填.
        requiredMark={(label, { required }) =>
          required ? (
            <>
              <span style={{ color: '#ff4d4f', marginInlineEnd: 4 }} aria-hidden>
                *
              </span>
              {label}
            </>
          ) : (
            <>
              {label}
              <span style={{ color: 'rgba(0, 0, 0, 0.45)' }}>（选填）</span>
            </>
          )
        }
        initialValues={{ contactPreference: 'either' }}
        onFinish={submit}
      >
        <Form.Item
          name="topic"
          label="咨询主题"
          rules={[
            { required: true, whitespace: true, message: '请填写咨询主题' },
            { min: 2, message: '请填写咨询主题（至少2个字）' },
            { max: 200, message: '咨询主题最多200个字' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：最近工作压力大，睡眠不好" />
        </Form.Item>
        <Form.Item
          name="contactPreference"
          label="联系方式偏好"
          rules={[{ required: true, message: '请选择联系方式' }]}
        >
          <Radio.Group
            options={contactPreferences.map((c) => ({ value: c, label: contactPreferenceLabels[c] }))}
          />
        </Form.Item>
        <Form.Item name="note" label="补充说明" rules={[{ max: 500, message: '补充说明最多500个字' }]}>
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder="希望咨询师提前了解的情况（选填，仅咨询师可见）"
          />
        </Form.Item>
      </Form>
      <Alert
        type="info"
        showIcon
        title="提交后该时段将为您短暂保留，请在支付页的倒计时内完成支付，超时未支付将自动释放。"
      />
    </FormModal>
  );
}
