import type { CampaignMemberState, CampaignProgress, CampaignStatus } from '@psy/contracts';
import { campaignMemberStateLabels, campaignStatusLabels } from '@psy/contracts';
import { BellOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Popconfirm, Progress, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CSSProperties, ReactNode } from 'react';
import {
  LIVE_REFRESH_MS,
  useRemind,
  type Campaign,
  type CampaignDetail,
  type CampaignPendingMember,
  type CampaignUnitProgress,
} from '../api/campaigns';
import { formatDateTime, shanghai } from '../../../lib/format';

const statusColors: Record<CampaignStatus, string> = {
  draft: 'default',
  open: 'processing',
  closed: 'success',
};

export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  return <Tag color={statusColors[status]}>{campaignStatusLabels[status]}</Tag>;
}

const pct = (n: number, total: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);

/**
 * Completion as one bar: green for 已完成, blue for 进行中 (started, not submitted), grey for
 * 未开始; the rate is the completed share of everyone targeted.
 */
export function CompletionBar({ p, size = 'default' }: { p: CampaignProgress; size?: 'small' | 'default' }) {
  const done = pct(p.completed, p.total);
  const touched = pct(p.completed + p.started, p.total);
  return (
    <Tooltip
      title={`已完成 ${p.completed} · 进行中 ${p.started} · 未开始 ${p.notStarted}（共 ${p.total} 人）`}
    >
      <div style={{ minWidth: 120 }}>
        <Progress
          percent={touched}
          success={{ percent: done }}
          size={size === 'small' ? 'small' : 'default'}
          format={() => `${p.completed}/${p.total}`}
          aria-label={`完成 ${p.completed}/${p.total}`}
        />
      </div>
    </Tooltip>
  );
}

/** The window as one line: 11月20日 09:00 至 12月10日 18:00. */
export function CampaignWindow({ opensAt, closesAt }: { opensAt: string; closesAt: string }) {
  return (
    <Typography.Text type="secondary">
      {formatDateTime(opensAt)} 至 {formatDateTime(closesAt)}
    </Typography.Text>
  );
}

/** Per-unit completion, each row with its bar and a button to see who is behind it. */
export function UnitProgressTable({
  units,
  action,
  onPick,
}: {
  units: CampaignUnitProgress[];
  /** The row button's text, e.g. 未完成名单 or 成员. */
  action: string;
  onPick: (unit: CampaignUnitProgress) => void;
}) {
  return (
    <Table<CampaignUnitProgress>
      rowKey="unitId"
      size="small"
      pagination={false}
      scroll={{ x: 560 }}
      dataSource={units}
      locale={{ emptyText: '没有单位' }}
      columns={[
        { title: '单位', dataIndex: 'unitName', width: 150 },
        {
          title: '完成情况',
          key: 'bar',
          render: (_, u) => <CompletionBar p={u} size="small" />,
        },
        {
          title: '完成率',
          key: 'rate',
          width: 80,
          align: 'right',
          render: (_, u) => `${pct(u.completed, u.total)}%`,
        },
        { title: '进行中', dataIndex: 'started', width: 70, align: 'right' },
        { title: '未开始', dataIndex: 'notStarted', width: 70, align: 'right' },
        {
          title: '',
          key: 'go',
          width: 110,
          render: (_, u) => (
            <Button size="small" type="link" onClick={() => onPick(u)}>
              {action}
            </Button>
          ),
        },
      ]}
    />
  );
}

/** The totals above the per-unit table. */
export function ProgressFigures({ p }: { p: CampaignProgress }) {
  const items = [
    { label: '参与人数', value: p.total },
    { label: '已完成', value: p.completed, color: '#52c41a' },
    { label: '进行中', value: p.started, color: '#1677ff' },
    { label: '未开始', value: p.notStarted },
    { label: '完成率', value: `${pct(p.completed, p.total)}%` },
  ];
  return (
    <Flex gap={24} wrap>
      {items.map((i) => (
        <div key={i.label}>
          <Typography.Text type="secondary">{i.label}</Typography.Text>
          <div style={{ fontSize: 24, fontWeight: 600, color: i.color }}>{i.value}</div>
        </div>
      ))}
    </Flex>
  );
}

const stateColors: Record<CampaignMemberState, string> = {
  not_started: 'default',
  started: 'processing',
  completed: 'success',
};

export function MemberStateTag({ state }: { state: CampaignMemberState }) {
  return <Tag color={stateColors[state]}>{campaignMemberStateLabels[state]}</Tag>;
}

/** When the page's figures were last fetched; open campaigns refresh on their own. */
export function LiveNote({ live, updatedAt }: { live: boolean; updatedAt: number }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {live ? `每 ${LIVE_REFRESH_MS / 1000} 秒自动更新 · ` : ''}更新于{' '}
      {shanghai(new Date(updatedAt)).format('HH:mm:ss')}
    </Typography.Text>
  );
}

/**
 * A unit's members in a drawer (未完成名单 for auditors, 成员 with risk for unit staff): who, their
 * 学号/工号, state and start, with any columns a view adds before the start.
 */
export function UnitMembersDrawer<T extends CampaignPendingMember>({
  title,
  open,
  onClose,
  query,
  empty,
  note,
  more = [],
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  query: { isPending: boolean; isError: boolean; data?: T[] };
  empty: string;
  note?: ReactNode;
  more?: ColumnsType<T>;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={600}
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      {note}
      <Table<T>
        rowKey="memberId"
        size="small"
        loading={query.isPending}
        dataSource={query.data ?? []}
        scroll={{ x: 480 }}
        pagination={{ pageSize: 50, showTotal: (t) => `共 ${t} 人` }}
        locale={{ emptyText: query.isError ? '加载失败，请关闭后重试' : empty }}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '学号/工号', dataIndex: 'memberNo' },
          {
            title: '状态',
            dataIndex: 'state',
            render: (s: CampaignMemberState) => <MemberStateTag state={s} />,
          },
          ...more,
          {
            title: '开始时间',
            dataIndex: 'startedAt',
            render: (v: string | null) => (v ? formatDateTime(v) : '—'),
          },
        ]}
      />
    </Drawer>
  );
}

/** One campaign in a list: its title and state, window and completion (a draft says whom it will reach). */
export function CampaignSummary({ c }: { c: Campaign }) {
  return (
    <>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{c.title}</Typography.Text>
        <CampaignStatusTag status={c.status} />
        {c.retestOf !== null && <Tag color="purple">复测</Tag>}
      </Flex>
      <div>
        <CampaignWindow opensAt={c.opensAt} closesAt={c.closesAt} />
      </div>
      {c.status === 'draft' ? (
        <Typography.Text type="secondary">草稿 · 涉及 {c.progress.total} 人，发布后开始通知</Typography.Text>
      ) : (
        <div style={{ maxWidth: 420 }}>
          <CompletionBar p={c.progress} size="small" />
        </div>
      )}
    </>
  );
}

/**
 * 一键提醒未完成: after a confirmation naming how many, reminds everyone in `c` (for staff: in
 * their units) who has not finished (站内通知与短信).
 */
export function RemindButton({
  c,
  scope,
  style,
}: {
  c: CampaignDetail;
  scope: 'audit' | 'staff';
  style?: CSSProperties;
}) {
  const remind = useRemind(scope);
  const behind = c.progress.started + c.progress.notStarted;
  return (
    <Popconfirm
      title="一键提醒"
      description={`提醒${scope === 'staff' ? '您负责单位中' : ''}尚未完成的 ${behind} 人（站内通知与短信）`}
      okText="提醒"
      cancelText="取消"
      onConfirm={() => remind.mutate(c.id)}
    >
      <Button style={style} icon={<BellOutlined />} loading={remind.isPending} disabled={behind === 0}>
        一键提醒未完成
      </Button>
    </Popconfirm>
  );
}
