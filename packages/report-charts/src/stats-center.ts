import { ageBands, crossKeyLabel, type StatsCenter } from '@psy/contracts';
import type { EChartsOption } from 'echarts';

/**
 * The data centre's charts (/expertEchart): each answers its ECharts option and the same
 * figures as table rows, so what is drawn can also be read and copied. Built once for the page
 * (drawn in the browser, the rows under each chart) and the group report PDF (drawn on the
 * server, the rows as its tables).
 */
export interface ChartSpec {
  key: string;
  title: string;
  option: EChartsOption;
  columns: string[];
  rows: (string | number)[][];
  empty: boolean;
  /** Why there is nothing to draw, when it is not the filter. */
  emptyText?: string;
}

const TEAL = '#0e8f8f';
const PALETTE = ['#0e8f8f', '#36cfc9', '#fadb14', '#fa8c16', '#f5222d', '#722ed1', '#2f54eb'];
const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)}%` : '—');

export function overTimeChart(c: StatsCenter): ChartSpec {
  return {
    key: 'over-time',
    title: '测评人次趋势',
    option: {
      color: [TEAL],
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 28 },
      xAxis: { type: 'category', data: c.overTime.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: '测评人次',
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.15 },
          data: c.overTime.map((d) => d.count),
        },
      ],
    },
    columns: ['日期', '测评人次'],
    rows: c.overTime.filter((d) => d.count > 0).map((d) => [d.date, d.count]),
    empty: c.total === 0,
  };
}

export function bandsChart(c: StatsCenter): ChartSpec {
  const n = c.bands.reduce((s, b) => s + b.count, 0);
  return {
    key: 'bands',
    title: `结果分级分布${c.scale ? `（${c.scale.shortName}）` : ''}`,
    option: {
      color: PALETTE,
      tooltip: { trigger: 'item', formatter: '{b}：{c} 人次（{d}%）' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['35%', '62%'],
          center: ['50%', '45%'],
          label: { formatter: '{b}\n{d}%' },
          data: c.bands.map((b) => ({ name: b.label, value: b.count })),
        },
      ],
    },
    columns: ['分级', '人次', '占比'],
    rows: c.bands.map((b) => [b.label, b.count, pct(b.count, n)]),
    empty: n === 0,
    ...(c.scale && c.total > 0 && n === 0 ? { emptyText: '该量表没有总分分级，请查看因子剖面' } : {}),
  };
}

export function profileChart(c: StatsCenter): ChartSpec {
  const normed = c.dimensions.some((d) => d.norm);
  return {
    key: 'profile',
    title: normed ? '因子剖面（与中国常模比较）' : '维度均分剖面',
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 30, bottom: 56 },
      xAxis: {
        type: 'category',
        data: c.dimensions.map((d) => d.name),
        axisLabel: { rotate: 30, interval: 0 },
      },
      yAxis: { type: 'value' },
      series: [
        {
          name: '本组均分',
          type: 'bar',
          barMaxWidth: 28,
          color: TEAL,
          data: c.dimensions.map((d) => d.mean),
        },
        ...(normed
          ? [
              {
                name: '中国常模',
                type: 'line' as const,
                color: '#fa8c16',
                data: c.dimensions.map((d) => d.norm?.mean ?? null),
              },
            ]
          : []),
      ],
    },
    columns: normed ? ['维度', '本组均分', '常模均值', '常模标准差'] : ['维度', '本组均分'],
    rows: c.dimensions.map((d) =>
      normed ? [d.name, d.mean, d.norm?.mean ?? '—', d.norm?.sd ?? '—'] : [d.name, d.mean],
    ),
    empty: c.dimensions.length === 0,
  };
}

export function positiveChart(c: StatsCenter): ChartSpec {
  const { positive, total } = c.positive;
  return {
    key: 'positive',
    title: '筛查阳性率',
    option: {
      color: ['#f5222d', '#95de64'],
      tooltip: { trigger: 'item', formatter: '{b}：{c} 人次（{d}%）' },
      title: {
        text: total ? `${((positive / total) * 100).toFixed(1)}%` : '—',
        subtext: '阳性率',
        left: 'center',
        top: '36%',
        textStyle: { fontSize: 24, color: '#f5222d' },
      },
      series: [
        {
          type: 'pie',
          radius: ['48%', '66%'],
          label: { show: false },
          data: [
            { name: '阳性', value: positive },
            { name: '阴性', value: total - positive },
          ],
        },
      ],
    },
    columns: ['结果', '人次', '占比'],
    rows: [
      ['阳性', positive, pct(positive, total)],
      ['阴性', total - positive, pct(total - positive, total)],
    ],
    empty: total === 0,
  };
}

export type CrossBy = 'gender' | 'ageBand' | 'province';
export const crossTitles: Record<CrossBy, string> = { gender: '性别', ageBand: '年龄段', province: '地区' };

/** A cross-tab's keys in reading order: age bands youngest first, provinces by code; '' (未填写) last. */
function keyOrder(by: CrossBy, keys: string[]): string[] {
  const rank = (k: string) =>
    k === '' ? Infinity : by === 'ageBand' ? ageBands.findIndex((b) => b.key === k) : 0;
  return keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function crossChart(c: StatsCenter, by: CrossBy): ChartSpec {
  const cells = c.cross[by];
  const bands = [...new Set(cells.map((x) => x.band))];
  const keys = keyOrder(by, [...new Set(cells.map((x) => x.key))]);
  const at = (band: string, key: string) => cells.find((x) => x.band === band && x.key === key)?.count ?? 0;
  const label = crossKeyLabel[by];
  return {
    key: `cross-${by}`,
    title: `分级 × ${crossTitles[by]}`,
    option: {
      color: PALETTE,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 40, right: 16, top: 30, bottom: 40 },
      xAxis: {
        type: 'category',
        data: keys.map(label),
        // Thirty provinces stand upright side by side; a few age bands lie flat.
        axisLabel: {
          interval: 0,
          rotate: keys.length > 12 ? 90 : keys.length > 6 ? 30 : 0,
          ...(keys.length > 12 ? { fontSize: 10 } : {}),
        },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: bands.map((b) => ({
        name: b,
        type: 'bar',
        stack: 'band',
        barMaxWidth: 36,
        data: keys.map((k) => at(b, k)),
      })),
    },
    columns: ['分级', ...keys.map(label)],
    rows: bands.map((b) => [b, ...keys.map((k) => at(b, k))]),
    empty: cells.length === 0,
  };
}

export function plansChart(c: StatsCenter): ChartSpec {
  return {
    key: 'plans',
    title: '方案完成与流失',
    option: {
      color: [TEAL, '#f5222d', '#d9d9d9'],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 30, bottom: 8 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: c.plans.map((p) => p.title) },
      series: [
        { name: '已完成', type: 'bar', stack: 'p', barMaxWidth: 32, data: c.plans.map((p) => p.completed) },
        { name: '流失（超过7天未完成）', type: 'bar', stack: 'p', data: c.plans.map((p) => p.dropped) },
        {
          name: '进行中',
          type: 'bar',
          stack: 'p',
          data: c.plans.map((p) => p.started - p.completed - p.dropped),
        },
      ],
    },
    columns: ['方案', '开始', '完成', '流失', '完成率'],
    rows: c.plans.map((p) => [p.title, p.started, p.completed, p.dropped, pct(p.completed, p.started)]),
    empty: c.plans.length === 0,
  };
}

export function retakesChart(c: StatsCenter): ChartSpec {
  const name = (a: number) => (a >= 3 ? '第3次及以后' : `第${a}次`);
  return {
    key: 'retakes',
    title: '重复测评趋势',
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 40, top: 30, bottom: 28 },
      xAxis: { type: 'category', data: c.retakes.map((r) => name(r.attempt)) },
      yAxis: [
        { type: 'value', name: '人次', minInterval: 1 },
        { type: 'value', name: '平均分', splitLine: { show: false } },
      ],
      series: [
        { name: '人次', type: 'bar', barMaxWidth: 36, color: '#91caff', data: c.retakes.map((r) => r.count) },
        {
          name: '平均原始分',
          type: 'line',
          yAxisIndex: 1,
          color: '#f5222d',
          data: c.retakes.map((r) => r.meanRaw),
        },
      ],
    },
    columns: ['第几次', '人次', '平均原始分'],
    rows: c.retakes.map((r) => [name(r.attempt), r.count, r.meanRaw ?? '—']),
    empty: c.retakes.length === 0,
  };
}
