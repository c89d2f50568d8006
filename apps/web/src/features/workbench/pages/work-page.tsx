import { FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import type { WarningLevel } from '@psy/contracts';
import { Alert, Col, Row, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { StatRow } from '../../../components/stat-card';
import { WarningLevelTag } from '../../../components/status-tags';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { ListCard, WorkbenchGreeting } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { formatDateTime, shanghai } from '../../../lib/format';
import { routeExists } from '../../../lib/route-exists';
import { useAgenda, type AgendaSection } from '../api/agenda';
import { useExpertAssessments } from '../api/assessments';
import { useMyScales } from '../api/scales';
import { agendaMeta } from '../components/agenda-meta';

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** 专家工作台 (/expert/work): what needs me today, each with a way to its list and its items. */
export function Component() {
  const agenda = useAgenda();
  const scales = useMyScales();
  const assessments = useExpertAssessments({ pageSize: 1 });
  const sections = agenda.data?.sections ?? [];
  const day = agenda.data ? shanghai(`${agenda.data.date}T12:00:00+08:00`) : shanghai();
  const waiting = sections.reduce((s, x) => s + x.count, 0);
  const pendingScales = scales.data?.filter((s) => s.status === 'pending_review').length ?? 0;
  const rejected = scales.data?.filter((s) => s.status === 'rejected').length ?? 0;

  return (
    <WorkbenchLayout>
      <WorkbenchGreeting
        sub={`今天是 ${day.format('M月D日')} ${WEEKDAYS[day.day()]}${
          agenda.data ? (waiting ? `，共有 ${waiting} 项事情等你处理` : '，眼下没有等你处理的事') : ''
        }`}
      />
      {agenda.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="今日待办加载失败"
          description={agenda.error.message}
          action={
            <a role="button" onClick={() => void agenda.refetch()}>
              重试
            </a>
          }
        />
      )}
      <StatRow
        col={{ xs: 12, md: 8, xl: sections.length > 6 ? 6 : 8 }}
        cards={(agenda.data ? sections : placeholders).map((s) => {
          const meta = agendaMeta[s.key];
          return {
            icon: meta.icon,
            color: meta.color,
            label: meta.label,
            value: agenda.data ? s.count : undefined,
            loading: agenda.isPending,
            sub: s.urgent ? (
              <Typography.Text type="danger">
                {meta.urgent} {s.urgent}
              </Typography.Text>
            ) : (
              (s.note ?? undefined)
            ),
            to: meta.list,
          };
        })}
      />

      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {(agenda.data ? sections : placeholders).map((s) => (
          <Col xs={24} lg={12} key={s.key}>
            <AgendaCard section={s} pending={agenda.isPending} />
          </Col>
        ))}
      </Row>

      <Typography.Title level={5} style={{ margin: '24px 0 12px' }}>
        量表与测评
      </Typography.Title>
      <StatRow
        col={{ xs: 24, md: 12 }}
        cards={[
          {
            icon: <FileTextOutlined />,
            color: '#13a8a8',
            label: '我的量表',
            value: scales.data?.length,
            loading: scales.isPending,
            sub: `${pendingScales} 个审核中${rejected ? ` · ${rejected} 个被驳回` : ''}`,
            to: '/expert/paper/list',
          },
          {
            icon: <TeamOutlined />,
            color: '#1677ff',
            label: '用户测评',
            value: assessments.data?.total,
            loading: assessments.isPending,
            sub: `已完成 ${assessments.data?.submittedCount ?? 0} 份`,
            to: '/expert/test/list',
          },
        ]}
      />
    </WorkbenchLayout>
  );
}

/** While the agenda loads: the sections every expert has, empty. */
const placeholders: AgendaSection[] = (
  ['warnings', 'bookings', 'reports', 'transfers', 'cooperations', 'chats'] as const
).map((key) => ({ key, count: 0, urgent: 0, note: null, items: [] }));

function AgendaCard({ section, pending }: { section: AgendaSection; pending: boolean }) {
  const meta = agendaMeta[section.key];
  const more = section.count > section.items.length;
  return (
    <ListCard
      title={
        <Space size={6}>
          <span style={{ color: meta.color }}>{meta.icon}</span>
          {meta.label}
          {section.count > 0 && <Tag color={section.urgent ? 'red' : 'default'}>{section.count}</Tag>}
        </Space>
      }
      extra={
        routeExists(meta.list) ? (
          <Link to={meta.list}>{more ? `全部 ${section.count} 项` : '查看'}</Link>
        ) : null
      }
      items={section.items}
      pending={pending}
      empty={meta.empty}
    >
      {(item) => (
        <>
          <Space wrap size={6}>
            {item.level && <WarningLevelTag level={item.level as WarningLevel} />}
            <Link to={meta.item(item.id)}>{item.title}</Link>
            {item.tag && <Tag color={tagColor(item.tag)}>{item.tag}</Tag>}
          </Space>
          <div className={styles.muted}>
            {[item.sub, section.key === 'bookings' ? null : formatDateTime(item.at)]
              .filter(Boolean)
              .join(' · ')}
          </div>
        </>
      )}
    </ListCard>
  );
}

const tagColor = (tag: string): string | undefined =>
  ({ 已超时: 'volcano', 进行中: 'processing', 新转入: 'blue', 超过一天: 'orange', 已结束: 'default' })[tag];
