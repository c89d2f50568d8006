import {
  AlertOutlined,
  AuditOutlined,
  CalendarOutlined,
  FileTextOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Col, Row, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { routeExists } from '../../../lib/route-exists';
import { formatDateTime } from '../../../lib/format';
import { useReportApprovals } from '../api/approvals';
import { useExpertAssessments } from '../api/assessments';
import { useMyScales } from '../api/scales';
import { useUpcomingBookings } from '../api/upcoming-bookings';
import { useWarnings } from '../api/warnings';
import { StatRow } from '../../../components/stat-card';
import { WarningLevelTag } from '../../../components/status-tags';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { ListCard, WorkbenchGreeting } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';

/** 专家工作台 (/expert/work): what is waiting, with a way into each area. */
export function Component() {
  const scales = useMyScales();
  const warnings = useWarnings({ status: 'pending', pageSize: 5 });
  const highRisk = useWarnings({ status: 'pending', level: '3', pageSize: 1 });
  const approvals = useReportApprovals({ status: 'generated', pageSize: 1 });
  const assessments = useExpertAssessments({ pageSize: 1 });
  const bookings = useUpcomingBookings();

  const pendingScales = scales.data?.filter((s) => s.status === 'pending_review').length ?? 0;
  const rejected = scales.data?.filter((s) => s.status === 'rejected').length ?? 0;
  const high = highRisk.data?.total ?? 0;
  // Every figure of the report card comes from the one counts object of one answer.
  const approvalCounts = approvals.data?.counts;
  const submitted = assessments.data?.submittedCount ?? 0;
  const bookingList = routeExists('/expert/mybooking/list') ? '/expert/mybooking/list' : undefined;

  return (
    <WorkbenchLayout>
      <WorkbenchGreeting sub="这里汇总了需要你处理的量表、预警、报告和预约" />
      <StatRow
        col={{ xs: 12, lg: 8, xl: 8 }}
        cards={[
          {
            icon: <AlertOutlined />,
            color: '#f5222d',
            label: '待处理预警',
            value: warnings.data?.total,
            loading: warnings.isPending,
            sub: high ? `其中高危 ${high} 条` : '暂无高危预警',
            to: '/expert/warning/list',
          },
          {
            icon: <AuditOutlined />,
            color: '#fa8c16',
            label: '待审批报告',
            value: approvalCounts?.generated,
            loading: approvals.isPending,
            sub: approvalCounts
              ? `已通过 ${approvalCounts.approved} 份 · 已退回 ${approvalCounts.returned} 份`
              : undefined,
            to: '/expert/archives/approvalList',
          },
          {
            icon: <CalendarOutlined />,
            color: '#722ed1',
            label: '待进行的咨询',
            value: bookings.data?.total,
            loading: bookings.isPending,
            sub: '已确认的预约',
            to: bookingList,
          },
          {
            col: { xs: 12, lg: 12, xl: 12 },
            icon: <FileTextOutlined />,
            color: '#13a8a8',
            label: '我的量表',
            value: scales.data?.length,
            loading: scales.isPending,
            sub: `${pendingScales} 个审核中${rejected ? ` · ${rejected} 个被驳回` : ''}`,
            to: '/expert/paper/list',
          },
          {
            col: { xs: 24, lg: 12, xl: 12 },
            icon: <TeamOutlined />,
            color: '#1677ff',
            label: '用户测评',
            value: assessments.data?.total,
            loading: assessments.isPending,
            sub: `已完成 ${submitted} 份`,
            to: '/expert/test/list',
          },
        ]}
      />

      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          <ListCard
            title="待处理预警"
            extra={<Link to="/expert/warning/list">全部</Link>}
            items={warnings.data?.list}
            pending={warnings.isPending}
            empty="没有待处理的预警"
          >
            {(w) => (
              <>
                <Space wrap size={6}>
                  <WarningLevelTag level={w.level} />
                  <Link to={`/expert/warning/detail?id=${w.id}`}>
                    {w.userName} · {w.reason}
                  </Link>
                  {w.escalated && <Tag color="volcano">已超时</Tag>}
                </Space>
                <div className={styles.muted}>
                  {w.scaleName} · {formatDateTime(w.createdAt)}
                </div>
              </>
            )}
          </ListCard>
        </Col>
        <Col xs={24} lg={12}>
          <ListCard
            title="近期咨询"
            extra={bookingList ? <Link to={bookingList}>全部</Link> : null}
            items={bookings.data?.list}
            pending={bookings.isPending}
            empty="暂无已确认的预约"
          >
            {(b) => (
              <>
                <Typography.Text strong>{formatDateTime(b.startsAt)}</Typography.Text>{' '}
                <Tag>{b.mode === 'online' ? '线上' : '线下'}</Tag>
                <div className={styles.muted}>
                  {b.user.name} · {b.topic}
                </div>
              </>
            )}
          </ListCard>
        </Col>
      </Row>
    </WorkbenchLayout>
  );
}
