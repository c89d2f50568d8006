import { feedbackStatusLabels, type FeedbackStatus } from '@psy/contracts';
import { Tag } from 'antd';

/** 待处理 / 已处理; for the writer, 等待专家处理 / 专家已处理. */
export function FeedbackStatusTag({ status, plain }: { status: FeedbackStatus; plain?: boolean }) {
  const text = plain ? (status === 'open' ? '等待专家处理' : '专家已处理') : feedbackStatusLabels[status];
  return (
    <Tag color={status === 'open' ? 'orange' : 'success'} style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
}
