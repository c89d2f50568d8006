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

/** 刘文博 · 主治医师 · 广州晴川医院临床心理科 */
export const expertLine = (e: { name: string; title: string | null; institution: string | null }) =>
  [e.name, e.title, e.institution].filter(Boolean).join(' · ');
