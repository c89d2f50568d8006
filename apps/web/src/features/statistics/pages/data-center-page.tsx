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
} from '../components/center-charts';
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
            <Col xs={24} sm={12} xl={6}>
              <Form.Item label="量表" htmlFor="stats-scale">
                <Select
                  id="stats-scale"
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  placeholder={c?.scale ? `默认：${c.scale.name}` : '全部量表'}
                  options={opt(o?.scales)}
                  value={filters.scaleId}
                  onChange={(v?: number) => set({ scaleId: v })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item label="测评方案" htmlFor="stats-plan">
                <Select
                  id="stats-plan"
                  allowClear
                  placeholder="全部方案"
                  options={opt(o?.plans)}
                  value={filters.planId}
                  onChange={(v?: number) => set({ planId: v })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item label="活动" htmlFor="stats-activity">
                <Select
                  id="stats-activity"
                  allowClear
                  placeholder="全部活动"
                  options={opt(o?.activities)}
                  value={filters.activityId}
                  onChange={(v?: number) => set({ activityId: v })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item label="机构" htmlFor="stats-institution">
                <Select
                  id="stats-institution"
                  allowClear
                  placeholder="全部机构"
                  options={opt(o?.institutions)}
                  value={filters.institutionId}
                  onChange={(v?: number) => set({ institutionId: v })}
                />
              </Form.Item>
            </Col>
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
            <Col xs={12} sm={6} xl={3}>
              <Form.Item label="性别" htmlFor="stats-gender">
                <Select
                  id="stats-gender"
                  allowClear
                  placeholder="全部"
                  options={[
                    { value: 'male', label: '男' },
                    { value: 'female', label: '女' },
                  ]}
                  value={filters.gender}
                  onChange={(v?: 'male' | 'female') => set({ gender: v })}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} xl={3}>
              <Form.Item label="年龄段" htmlFor="stats-age">
                <Select
                  id="stats-age"
                  allowClear
                  placeholder="全部"
                  options={ageBands.map((b) => ({ value: b.key, label: b.label }))}
                  value={filters.ageBand}
                  onChange={(v?: AgeBandKey) => set({ ageBand: v })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item label="地区" htmlFor="stats-province">
                <Select
                  id="stats-province"
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  placeholder="全部地区"
                  options={provinces.map(([code, name]) => ({ value: code, label: name }))}
                  value={filters.province}
                  onChange={(v?: string) => set({ province: v })}
                />
              </Form.Item>
            </Col>
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
