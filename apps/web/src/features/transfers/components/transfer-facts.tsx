import type { TransferDetail } from '@psy/contracts';
import { Card, Descriptions, Typography } from 'antd';
import { expertLine, formatDateTime } from '../../../lib/format';
import { TransferStatusTag } from './transfer-status-tag';

/** What experts and auditors read of a transfer: who, to whom, why, the summary, what moves, the decision. */
export function TransferFacts({ t }: { t: TransferDetail }) {
  // Before approval: what would move; after: what the receiver holds now.
  const done = t.status === 'approved';
  const moves = [
    `${t.moves.assessments} 份测评记录（接收专家${done ? '已可' : '可'}查阅）`,
    t.moves.openWarnings !== null &&
      `${t.moves.openWarnings} 条未结束的预警（${done ? '由接收专家跟进' : '将转交接收专家跟进'}）`,
  ]
    .filter(Boolean)
    .join('；');
  return (
    <>
      <Card title="转介信息" size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'person', label: '用户', children: t.person.name || '用户' },
            { key: 'status', label: '状态', children: <TransferStatusTag status={t.status} /> },
            { key: 'from', label: '发起专家', children: expertLine(t.from) },
            { key: 'to', label: '接收专家', children: expertLine(t.to) },
            { key: 'created', label: '发起时间', children: formatDateTime(t.createdAt) },
            {
              key: 'confirmed',
              label: '用户确认',
              children: t.confirmedAt ? formatDateTime(t.confirmedAt) : '尚未确认',
            },
            { key: 'moves', label: done ? '已转移' : '随之转移', span: { xs: 1, sm: 2 }, children: moves },
            {
              key: 'bookings',
              label: '已有预约',
              span: { xs: 1, sm: 2 },
              children: '不受影响，仍与发起专家进行',
            },
            ...(t.declineReason || t.status === 'declined_by_user'
              ? [
                  {
                    key: 'declined',
                    label: '拒绝原因',
                    span: { xs: 1, sm: 2 },
                    children: t.declineReason ?? '用户未填写原因',
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card title="转介原因" size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{t.reason}</Typography.Paragraph>
      </Card>
      {t.summary !== null && (
        <Card title="给接收专家的情况摘要" size="small" style={{ marginBottom: 16 }}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="transfer-summary">
            {t.summary}
          </Typography.Paragraph>
        </Card>
      )}
      {t.review?.decidedAt && t.status !== 'withdrawn' && t.status !== 'declined_by_user' && (
        <Card title="审核结果" size="small" style={{ marginBottom: 16 }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'reviewer', label: '审核人', children: t.review.reviewer ?? '—' },
              { key: 'at', label: '审核时间', children: formatDateTime(t.review.decidedAt) },
              { key: 'reason', label: '审核意见', children: t.review.reason ?? '无' },
            ]}
          />
        </Card>
      )}
    </>
  );
}
