import { FilePdfOutlined, FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  ageBands,
  provinces,
  statsScopeLabels,
  type AgeBandKey,
  type StatsFilterParams,
  type StatsScope,
} from '@psy/contracts';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Row,
  Segmented,
  Select,
  Space,
  Statistic,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { LoadFailed } from '../../../components/page-states';
import { toast } from '../../../lib/toast';
import { downloadExport, downloadGroupReport, useStatsCenter, useStatsOptions } from '../api/statistics';
import {
  bandsChart,
  crossChart,
  crossTitles,
  overTimeChart,
  plansChart,
  positiveChart,
  profileChart,
  retakesChart,
  type CrossBy,
} from '@psy/report-charts';
import { ChartCard } from '../components/chart-card';

interface Filters {
  scope?: StatsScope;
  scaleId?: number;
  planId?: number;
  activityId?: number;
  institutionId?: number;
  range?: [Dayjs, Dayjs] | null;
  gender?: 'male' | 'female';
  ageBand?: AgeBandKey;
  province?: string;
}

function toParams(f: Filters): StatsFilterParams {
  const { range, ...rest } = f;
  return {
    ...rest,
    ...(range ? { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') } : {}),
  };
}

const opt = (list: { id: number; name: string }[] | undefined) =>
  list?.map((x) => ({ value: x.id, label: x.name }));

/** One filter: a labelled, clearable select in the filter grid (narrow: half width). */
function FilterSelect<V extends string | number>(p: {
  label: string;
  id: string;
  placeholder: string;
  options: { value: V; label: string }[] | undefined;
  value: V | undefined;
  onChange: (v: V | undefined) => void;
  search?: boolean;
  narrow?: boolean;
}) {
  return (
    <Col xs={p.narrow ? 12 : 24} sm={p.narrow ? 6 : 12} xl={p.narrow ? 3 : 6}>
      <Form.Item label={p.label} htmlFor={p.id}>
        <Select
          id={p.id}
          allowClear
          showSearch={p.search}
          optionFilterProp="label"
          placeholder={p.placeholder}
          options={p.options}
          value={p.value}
          onChange={(v?: V) => p.onChange(v)}
        />
      </Form.Item>
    </Col>
  );
}

/** 测试数据中心 (/expertEchart): filters, figures, charts with their tables, Excel and PDF. */
export function Component() {
  const [filters, setFilters] = useState<Filters>({});
  const [crossBy, setCrossBy] = useState<CrossBy>('gender');
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const options = useStatsOptions();
  const params = useMemo(() => toParams(filters), [filters]);
  const center = useStatsCenter(params);
  const c = center.data;
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const o = options.data;

  const run = async (kind: 'xlsx' | 'pdf') => {
    setBusy(kind);
    try {
      await (kind === 'xlsx' ? downloadExport(params) : downloadGroupReport(params));
      toast.success(kind === 'xlsx' ? '数据已导出' : '团体报告已生成');
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  if (options.isError)
    return (
      <div className="page-container">
        <LoadFailed title="数据中心加载失败" onRetry={() => void options.refetch()} />
      </div>
    );

  const specs = c && {
    overTime: overTimeChart(c),
    bands: bandsChart(c),
    profile: profileChart(c),
    positive: positiveChart(c),
    cross: crossChart(c, crossBy),
    plans: plansChart(c),
    retakes: retakesChart(c),
  };

  return (
    <div className="page-container">
      <Space
        align="center"
        style={{ width: '100%', justifyContent: 'space-between', flexWrap: 'wrap', marginBottom: 12 }}
      >
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            测试数据中心
          </Typography.Title>
          <Typography.Text type="secondary">
            {c ? `${c.from} 至 ${c.to} · ${statsScopeLabels[c.scope]}` : '按条件统计测评数据'}
          </Typography.Text>
        </div>
        <Space wrap>
          <Button
            type="primary"
            icon={<FileExcelOutlined />}
            loading={busy === 'xlsx'}
            disabled={!c?.total}
            onClick={() => void run('xlsx')}
          >
            导出 Excel
          </Button>
          <Button
            icon={<FilePdfOutlined />}
            loading={busy === 'pdf'}
            disabled={!c}
            onClick={() => void run('pdf')}
          >
            团体报告 PDF
          </Button>
        </Space>
      </Space>

      <Card style={{ marginBottom: 16 }} loading={options.isPending}>
        <Form layout="vertical" aria-label="筛选条件">
          <Row gutter={[16, 0]}>
            {o && o.scopes.length > 1 && (
              <Col xs={24} md={12} xl={6}>
                <Form.Item label="数据范围">
                  <Segmented
                    value={filters.scope ?? o.defaultScope}
                    options={o.scopes.map((s) => ({ value: s, label: statsScopeLabels[s] }))}
                    onChange={(v) => set({ scope: v as StatsScope })}
                  />
                </Form.Item>
              </Col>
            )}
            <FilterSelect
              label="量表"
              id="stats-scale"
              search
              placeholder={c?.scale ? `默认：${c.scale.name}` : '全部量表'}
              options={opt(o?.scales)}
              value={filters.scaleId}
              onChange={(v) => set({ scaleId: v })}
            />
            <FilterSelect
              label="测评方案"
              id="stats-plan"
              placeholder="全部方案"
              options={opt(o?.plans)}
              value={filters.planId}
              onChange={(v) => set({ planId: v })}
            />
            <FilterSelect
              label="活动"
              id="stats-activity"
              placeholder="全部活动"
              options={opt(o?.activities)}
              value={filters.activityId}
              onChange={(v) => set({ activityId: v })}
            />
            <FilterSelect
              label="机构"
              id="stats-institution"
              placeholder="全部机构"
              options={opt(o?.institutions)}
              value={filters.institutionId}
              onChange={(v) => set({ institutionId: v })}
            />
            <Col xs={24} sm={12} xl={6}>
              <Form.Item label="时间范围">
                <DatePicker.RangePicker
                  style={{ width: '100%' }}
                  value={filters.range ?? null}
                  onChange={(v) => set({ range: v && v[0] && v[1] ? [v[0], v[1]] : null })}
                  placeholder={['默认近30天', '今天']}
                />
              </Form.Item>
            </Col>
            <FilterSelect
              label="性别"
              id="stats-gender"
              narrow
              placeholder="全部"
              options={[
                { value: 'male' as const, label: '男' },
                { value: 'female' as const, label: '女' },
              ]}
              value={filters.gender}
              onChange={(v) => set({ gender: v })}
            />
            <FilterSelect
              label="年龄段"
              id="stats-age"
              narrow
              placeholder="全部"
              options={ageBands.map((b) => ({ value: b.key as AgeBandKey, label: b.label }))}
              value={filters.ageBand}
              onChange={(v) => set({ ageBand: v })}
            />
            <FilterSelect
              label="地区"
              id="stats-province"
              search
              placeholder="全部地区"
              options={provinces.map(([code, name]) => ({ value: code, label: name }))}
              value={filters.province}
              onChange={(v) => set({ province: v })}
            />
            <Col xs={24} sm={12} xl={6} style={{ display: 'flex', alignItems: 'flex-end' }}>
              <Form.Item>
                <Button icon={<ReloadOutlined />} onClick={() => setFilters({})}>
                  重置筛选
                </Button>
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>

      {center.isError && !c ? (
        <LoadFailed title="统计数据加载失败" onRetry={() => void center.refetch()} />
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {[
              ['测评人次', c?.total],
              ['参与人数', c?.people],
              [
                c?.score.meanStandard !== null && c?.score.meanStandard !== undefined
                  ? '平均标准分'
                  : '平均原始分',
                c?.score.meanStandard ?? c?.score.meanRaw ?? '—',
              ],
              [
                '筛查阳性率',
                c?.positive.rate === null || c?.positive.rate === undefined
                  ? '—'
                  : `${(c.positive.rate * 100).toFixed(1)}%`,
              ],
            ].map(([label, value]) => (
              <Col xs={12} lg={6} key={String(label)}>
                <Card loading={!c}>
                  <Statistic title={label} value={value ?? '—'} />
                </Card>
              </Col>
            ))}
          </Row>
          {specs ? (
            <Row gutter={[16, 16]} aria-busy={center.isFetching}>
              <Col xs={24} xl={12}>
                <ChartCard spec={specs.overTime} />
              </Col>
              <Col xs={24} xl={12}>
                <ChartCard spec={specs.bands} />
              </Col>
              <Col xs={24} xl={12}>
                <ChartCard spec={specs.profile} />
              </Col>
              <Col xs={24} xl={12}>
                <ChartCard spec={specs.positive} />
              </Col>
              <Col xs={24} xl={12}>
                <ChartCard
                  spec={specs.cross}
                  extra={
                    <Segmented
                      size="small"
                      style={{ marginRight: 8 }}
                      value={crossBy}
                      options={(Object.keys(crossTitles) as CrossBy[]).map((k) => ({
                        value: k,
                        label: crossTitles[k],
                      }))}
                      onChange={(v) => setCrossBy(v as CrossBy)}
                    />
                  }
                />
              </Col>
              <Col xs={24} xl={12}>
                <ChartCard spec={specs.plans} />
              </Col>
              <Col xs={24} xl={12}>
                <ChartCard spec={specs.retakes} />
              </Col>
            </Row>
          ) : (
            <Row gutter={[16, 16]}>
              {[0, 1, 2, 3].map((i) => (
                <Col xs={24} xl={12} key={i}>
                  <Card loading style={{ height: 360 }} />
                </Col>
              ))}
            </Row>
          )}
        </>
      )}
    </div>
  );
}
