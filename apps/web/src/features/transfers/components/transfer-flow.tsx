import type { TransferDetail } from '@psy/contracts';
import { Card, Steps, type StepsProps } from 'antd';
import { formatDateTime } from '../../../lib/format';

/**
 * Where a transfer stands: proposed, the person's answer, the auditors' decision, in effect.
 * One that ended early (declined, withdrawn, rejected) stops, in red, on the step it ended at.
 */
export function TransferFlow({ t, plain }: { t: TransferDetail; plain?: boolean }) {
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : undefined);
  const confirmed = t.confirmedAt !== null;
  const withdrawnBefore = t.status === 'withdrawn' && !confirmed;
  const withdrawnAfter = t.status === 'withdrawn' && confirmed;
  const decided = t.status === 'approved' || t.status === 'rejected' ? t.review?.decidedAt : null;
  const items: StepsProps['items'] = [
    { title: plain ? '专家提出' : '发起转介', content: when(t.createdAt) },
    t.status === 'declined_by_user' && !confirmed
      ? { title: plain ? '您已拒绝' : '用户拒绝', content: when(t.declinedAt) }
      : withdrawnBefore
        ? { title: '专家撤回', content: when(t.withdrawnAt) }
        : { title: plain ? '您的确认' : '用户确认', content: when(t.confirmedAt) },
    t.status === 'rejected'
      ? { title: '审核未通过', content: when(decided) }
      : withdrawnAfter
        ? { title: '专家撤回', content: when(t.withdrawnAt) }
        : t.status === 'declined_by_user' && confirmed
          ? { title: plain ? '您已拒绝' : '用户改为拒绝', content: when(t.declinedAt) }
          : { title: '平台审核', content: when(decided) },
    { title: '转介生效', content: t.status === 'approved' ? when(decided) : undefined },
  ];
  const current =
    t.status === 'approved'
      ? 3
      : t.status === 'requested' ||
          ((t.status === 'declined_by_user' || t.status === 'withdrawn') && !confirmed)
        ? 1
        : 2;
  const status: StepsProps['status'] =
    t.status === 'approved'
      ? 'finish'
      : t.status === 'requested' || t.status === 'user_confirmed'
        ? 'process'
        : 'error';
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Steps size="small" current={current} status={status} items={items} />
    </Card>
  );
}
