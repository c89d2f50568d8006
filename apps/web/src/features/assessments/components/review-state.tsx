import { AuditOutlined, CheckCircleOutlined, ClockCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import { reportReviewStatusLabels, type AssessmentResult } from '@psy/contracts';
import { Alert, Tag } from 'antd';

type Review = NonNullable<AssessmentResult['report']['review']>;

const look: Record<
  Review['status'],
  { type: 'info' | 'warning' | 'success'; color: string; icon: React.ReactNode }
> = {
  awaiting_payment: { type: 'info', color: 'default', icon: <ClockCircleOutlined /> },
  pending: { type: 'info', color: 'processing', icon: <AuditOutlined /> },
  returned: { type: 'warning', color: 'warning', icon: <RollbackOutlined /> },
  approved: { type: 'success', color: 'success', icon: <CheckCircleOutlined /> },
};

/** Where the expert's review of the report stands (支付后审核 / 审核中 / 已退回 / 已通过), in the server's words. */
export function ReviewState({ review }: { review: Review }) {
  const l = look[review.status];
  return (
    <Alert
      type={l.type}
      showIcon
      icon={l.icon}
      data-testid="review-state"
      title={
        <span>
          报告审核 <Tag color={l.color}>{reportReviewStatusLabels[review.status]}</Tag>
        </span>
      }
      description={review.message}
    />
  );
}
