import { cooperationStatusLabels, type CooperationStatus } from '@psy/contracts';
import { Tag } from 'antd';

const colors: Record<CooperationStatus, string> = {
  invited: 'orange',
  accepted: 'success',
  declined: 'default',
  withdrawn: 'default',
  ended: 'default',
};

export function CooperationStatusTag({ status }: { status: CooperationStatus }) {
  return (
    <Tag color={colors[status]} style={{ marginInlineEnd: 0 }}>
      {cooperationStatusLabels[status]}
    </Tag>
  );
}
