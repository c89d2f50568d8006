import { FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN } from '@psy/contracts';
import { Button, Checkbox, Form, Input, Rate, Space } from 'antd';

export interface FeedbackValues {
  rating: number;
  content: string;
  anonymous: boolean;
}

const ratingWords = ['很不满意', '不满意', '一般', '满意', '非常满意'];

/** Rating, words and (for consultations, which others read) anonymity; the same form leaves and edits. */
export function FeedbackForm({
  initial,
  withAnonymous,
  submitting,
  submitText,
  onSubmit,
  onCancel,
}: {
  initial?: FeedbackValues;
  withAnonymous: boolean;
  submitting: boolean;
  submitText: string;
  onSubmit: (v: FeedbackValues) => void;
  onCancel?: () => void;
}) {
  const [form] = Form.useForm<FeedbackValues>();
  const rating = Form.useWatch('rating', form);
  return (
    <Form<FeedbackValues>
      form={form}
      layout="vertical"
      initialValues={initial ?? { rating: 0, content: '', anonymous: false }}
      onFinish={(v) => onSubmit({ ...v, content: v.content.trim(), anonymous: !!v.anonymous })}
      requiredMark={false}
    >
      <Form.Item
        label="评分"
        required
        extra={rating ? ratingWords[rating - 1] : undefined}
        name="rating"
        rules={[
          {
            validator: (_, v: number) =>
              v >= 1 && v <= 5 ? Promise.resolve() : Promise.reject(new Error('请选择评分')),
          },
        ]}
      >
        <Rate aria-label="评分" />
      </Form.Item>
      <Form.Item
        label="反馈内容"
        name="content"
        rules={[
          { required: true, whitespace: true, message: '请填写反馈内容' },
          { min: FEEDBACK_CONTENT_MIN, message: `反馈内容至少${FEEDBACK_CONTENT_MIN}个字` },
        ]}
      >
        <Input.TextArea
          rows={4}
          maxLength={FEEDBACK_CONTENT_MAX}
          showCount
          placeholder="说说您的感受和建议，专家会看到并回复"
        />
      </Form.Item>
      {withAnonymous && (
        <Form.Item name="anonymous" valuePropName="checked" style={{ marginBottom: 12 }}>
          <Checkbox>匿名评价（专家主页上显示为“匿名用户”；不勾选只显示您的姓，如“张**”）</Checkbox>
        </Form.Item>
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitText}
        </Button>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
      </Space>
    </Form>
  );
}
