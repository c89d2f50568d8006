import { AlertOutlined, AuditOutlined, CheckCircleOutlined, FileSearchOutlined } from '@ant-design/icons';
import { reviewKindLabels } from '@psy/contracts';
import { Card, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { StatRow } from '../../../components/stat-card';
import { WarningLevelTag, WarningStatusTag } from '../../../components/status-tags';
import { ListCard, WorkbenchGreeting } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { useEscalatedWarnings } from '../api/escalated-warnings';
import { useAuditInbox } from '../api/inbox';
import { useReviewQueue } from '../api/scale-review';
import { AuditLayout } from '../../../components/workbench/audit-layout';

/**
 * 管理员工作台 (/audit/work): the review inbox (every kind of request, counted per kind) and
 * warnings nobody picked up in time; `extra` (the open screenings) is composed in by the app.
 */
export function WorkPage({ extra }: { extra?: ReactNode }) {
  const inbox = useAuditInbox({ status: 'pending', pageSize: 5 });
  const published = useReviewQueue({ status: 'published', pageSize: 1 });
  const warnings = useEscalatedWarnings(10);
  const escalated = warnings.data?.list ?? [];

  return (
    <AuditLayout>
      <WorkbenchGreeting sub="待审核的量表、待审批的报告和超时未处理的预警" />
      <StatRow
        col={{ xs: 12, lg: 6 }}
        cards={[
          {
            icon: <FileSearchOutlined />,
            color: '#13a8a8',
            label: '待审核量表',
            value: inbox.data?.counts.scale,
            loading: inbox.isPending,
            to: '/audit/test/list',
          },
          {
            icon: <AuditOutlined />,
            color: '#fa8c16',
            label: '待审批报告',
            value: inbox.data?.counts.report,
            loading: inbox.isPending,
            to: '/audit/warning/list',
          },
          {
            icon: <AlertOutlined />,
            color: '#f5222d',
            label: '超时未处理预警',
            value: warnings.isError ? undefined : warnings.data?.total,
            loading: warnings.isPending,
          },
          {
            icon: <CheckCircleOutlined />,
            color: '#52c41a',
            label: '已发布量表',
            value: published.data?.total,
            loading: published.isPending,
            sub: '含内置量表',
          },
        ]}
      />
      <ListCard
        title="超时未处理的预警"
        style={{ marginTop: 16 }}
        items={escalated}
        pending={warnings.isPending}
        empty="没有超时未处理的预警，负责专家都在跟进"
      >
        {(w) => (
          <>
            <Space wrap size={6}>
              <WarningLevelTag level={w.level} />
              <strong>{w.userName || '用户'}</strong>
              <span>{w.reason}</span>
              <WarningStatusTag status={w.status} />
            </Space>
            <div className={styles.muted}>
              {w.scaleName} · {formatDateTime(w.createdAt)}
            </div>
          </>
        )}
      </ListCard>
      {extra}
      {inbox.data && inbox.data.total > 0 && (
        <Card
          title={`待审核 ${inbox.data.total}`}
          size="small"
          style={{ marginTop: 16 }}
          extra={<Link to="/audit/test/list">量表审核</Link>}
        >
          {inbox.data.list.map((r) => (
            <div key={r.id} className={styles.listItem}>
              <Tag>{reviewKindLabels[r.kind]}</Tag>
              {r.link ? <Link to={r.link}>{r.title}</Link> : r.title}
              <div className={styles.muted}>
                {r.submittedBy?.name || '—'} · 提交于 {formatDateTime(r.submittedAt)}
              </div>
            </div>
          ))}
        </Card>
      )}
    </AuditLayout>
  );
}
