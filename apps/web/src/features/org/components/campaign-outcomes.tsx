import { Empty, Flex, Table, Tag, Timeline, Typography } from 'antd';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../../../components/echart';
import { WarningLevelTag } from '../../../components/status-tags';
import { formatDateTime } from '../../../lib/format';
import type {
  CampaignOutcomeFigures,
  CampaignOutcomes,
  CampaignWarningItem,
  CampaignWarningRoute,
} from '../api/campaigns';
import type { WarningLevel } from '@psy/contracts';
import { campaignWarningStateLabels } from '@psy/contracts';

/** The steps after a warning, in the order they happen. */
const steps: { key: keyof CampaignOutcomeFigures; label: string }[] = [
  { key: 'raised', label: '发出预警' },
  { key: 'contactedWithin24h', label: '24 小时内联系' },
  { key: 'contactedWithin72h', label: '72 小时内联系' },
  { key: 'contacted', label: '已联系' },
  { key: 'referred', label: '转介' },
  { key: 'retested', label: '复测' },
  { key: 'improved', label: '复测好转' },
  { key: 'closed', label: '结案' },
];

const hours = (h: number | null) => (h === null ? '—' : `${h} 小时`);

/** What came of a campaign's warnings, as bars (the whole campaign, or the units one may see). */
export function OutcomeChart({ figures }: { figures: CampaignOutcomeFigures }) {
  const option = useMemo<EChartOption>(
    () => ({
      grid: { left: 100, right: 40, top: 10, bottom: 20 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: steps.map((s) => s.label) },
      series: [
        {
          type: 'bar',
          name: '人数',
          barMaxWidth: 18,
          label: { show: true, position: 'right' },
          itemStyle: { color: '#13a8a8', borderRadius: [0, 4, 4, 0] },
          data: steps.map((s) => figures[s.key] ?? 0),
        },
      ],
    }),
    [figures],
  );
  if (figures.raised === 0)
    return <Empty description="这次筛查还没有预警" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div>
      <Flex gap={24} wrap style={{ marginBottom: 8 }}>
        <Typography.Text>
          首次联系用时：中位 <b>{hours(figures.medianHoursToContact)}</b>，平均{' '}
          {hours(figures.meanHoursToContact)}
        </Typography.Text>
      </Flex>
      <EChart option={option} height={280} label="预警处置成效" />
    </div>
  );
}

/** The same figures per target unit. */
export function OutcomeTable({ outcomes }: { outcomes: CampaignOutcomes }) {
  return (
    <Table
      rowKey="unitId"
      size="small"
      pagination={false}
      scroll={{ x: 720 }}
      dataSource={outcomes.units}
      locale={{ emptyText: '没有单位' }}
      columns={[
        { title: '单位', dataIndex: 'unitName', width: 160 },
        ...steps.map((s) => ({ title: s.label, dataIndex: s.key, align: 'right' as const })),
        {
          title: '首次联系中位用时',
          dataIndex: 'medianHoursToContact',
          align: 'right' as const,
          render: (h: number | null) => hours(h),
        },
      ]}
    />
  );
}

const stateColors = { pending: 'error', contacted: 'processing', closed: 'default' } as const;

export function WarningStateTag({ w }: { w: CampaignWarningItem }) {
  return (
    <>
      <Tag color={stateColors[w.state]}>{campaignWarningStateLabels[w.state]}</Tag>
      {w.overdue && <Tag color="red">已逾期</Tag>}
    </>
  );
}

export function RiskTag({ level }: { level: number }) {
  return <WarningLevelTag level={level as WarningLevel} />;
}

/** Where a routed warning is now and by when it needs a first contact. */
export function WarningWhere({ w }: { w: CampaignWarningItem }) {
  if (w.contactedAt)
    return <Typography.Text type="secondary">已于 {formatDateTime(w.contactedAt)} 首次联系</Typography.Text>;
  return (
    <Typography.Text type={w.overdue ? 'danger' : undefined}>
      {w.step > 0 ? `已上报至 ${w.currentUnitName}` : `${w.currentUnitName}负责`}
      {w.dueAt ? `，请于 ${formatDateTime(w.dueAt)} 前联系` : ''}
    </Typography.Text>
  );
}

/** A warning's way up the units: each step, its deadline, and who contacted the person. */
export function RouteTimeline({ routes }: { routes: CampaignWarningRoute[] }) {
  return (
    <Timeline
      items={routes.map((r) => ({
        color: r.contactedAt ? 'green' : r.escalatedAt ? 'red' : 'blue',
        children: (
          <div>
            <div>
              <b>{r.unitName}</b> · {formatDateTime(r.routedAt)} 收到
              {r.dueAt && `，时限 ${formatDateTime(r.dueAt)}`}
            </div>
            {r.contactedAt && (
              <Typography.Text type="success">
                {formatDateTime(r.contactedAt)} {r.contactedByName ?? ''} 首次联系
                {r.contactNote ? `：${r.contactNote}` : ''}
              </Typography.Text>
            )}
            {r.escalatedAt && (
              <Typography.Text type="danger">
                {formatDateTime(r.escalatedAt)} 超时未联系，上报上一级
              </Typography.Text>
            )}
          </div>
        ),
      }))}
    />
  );
}
