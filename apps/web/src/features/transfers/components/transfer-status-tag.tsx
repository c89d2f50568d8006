import { transferStatusLabels, transferUserStatusLabels, type TransferStatus } from '@psy/contracts';
import { Tag } from 'antd';

const colors: Record<TransferStatus, string> = {
  requested: 'orange',
  user_confirmed: 'processing',
  approved: 'success',
  rejected: 'error',
  declined_by_user: 'default',
  withdrawn: 'default',
};

/** A transfer's state; `plain` in the person's own words (等待您确认 …). */
export function TransferStatusTag({ status, plain }: { status: TransferStatus; plain?: boolean }) {
  return (
    <Tag color={colors[status]} style={{ marginInlineEnd: 0 }}>
      {(plain ? transferUserStatusLabels : transferStatusLabels)[status]}
    </Tag>
  );
}
