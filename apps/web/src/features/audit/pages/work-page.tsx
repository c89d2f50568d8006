import { AlertOutlined, AuditOutlined, CheckCircleOutlined, FileSearchOutlined } from '@ant-design/icons';
import { reviewKindLabels } from '@psy/contracts';
import { Card, Col, Empty, Row, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/format';
import { StatCard } from '../../../components/stat-card';
import { WarningLevelTag, WarningStatusTag } from '../../../components/status-tags';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { useEscalatedWarnings } from '../api/escalated-warnings';
import { useAuditInbox } from '../api/inbox';
import { useReviewQueue } from '../api/scale-review';
import { AuditLayout } from '../../../components/workbench/audit-layout';

/**
 * 管理员工作台 (/audit/work): the review inbox (every kind of request, counted per kind) and
 * warnings nobody picked up in time.
 */
export function Component() {
  const name = useSession((s) => s.userInfo?.name);
  const inbox = useAuditInbox({ status: 'pending', pageSize: 5 });
  const published = useReviewQueue({ status: 'published', pageSize: 1 });
  const warnings = useEscalatedWarnings(10);
  const escalated = warnings.data?.list ?? [];

  return (
    <AuditLayout>
      <WorkbenchHead
        title={`${name ? `${name}，` : ''}你好`}
        sub="待审核的量表、待审批的报告和超时未处理的预警"
      />
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <StatCard
            icon={<FileSearchOutlined />}
            color="#13a8a8"
            label="待审核量表"
            value={inbox.data?.counts.scale}
            loading={inbox.isPending}
            to="/audit/test/list"
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            icon={<AuditOutlined />}
            color="#fa8c16"
            label="待审批报告"
            value={inbox.data?.counts.report}
            loading={inbox.isPending}
            to="/audit/warning/list"
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            icon={<AlertOutlined />}
            color="#f5222d"
            label="超时未处理预警"
            value={warnings.isError ? undefined : warnings.data?.total}
            loading={warnings.isPending}
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            icon={<CheckCircleOutlined />}
            color="#52c41a"
            label="已发布量表"
            value={published.data?.total}
            loading={published.isPending}
            sub="含内置量表"
          />
        </Col>
      </Row>
      <Card title="超时未处理的预警" size="small" style={{ marginTop: 16 }}>
        {escalated.length ? (
          escalated.map((w) => (
            <div key={w.id} className={styles.listItem}>
              <Space wrap size={6}>
                <WarningLevelTag level={w.level} />
                <strong>{w.userName || '用户'}</strong>
                <span>{w.reason}</span>
                <WarningStatusTag status={w.status} />
              </Space>
              <div className={styles.muted}>
                {w.scaleName} · {formatDateTime(w.createdAt)}
              </div>
            </div>
          ))
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={warnings.isPending ? '加载中…' : '没有超时未处理的预警，负责专家都在跟进'}
          />
        )}
      </Card>
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
