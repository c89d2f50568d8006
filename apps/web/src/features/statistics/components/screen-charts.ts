import type { StatsScreen } from '@psy/contracts';
import type { EChartOption } from '../../../components/echart';

/** Colours of the three warning levels (一级 low .. 三级 high), shared by the screen's pieces. */
export const LEVEL_COLORS = { 1: '#fadb14', 2: '#fa8c16', 3: '#ff4d4f' } as const;
export const LEVEL_NAMES = { 1: '一级', 2: '二级', 3: '三级' } as const;

const AXIS = { axisLine: { lineStyle: { color: '#2a5a8a' } }, axisLabel: { color: '#9fb8d6' } };
const SPLIT = { splitLine: { lineStyle: { color: 'rgba(64,169,255,0.12)' } } };
const TRANSPARENT = { backgroundColor: 'transparent' };

/** Provinces coloured by warnings of the last 30 days; the tooltip adds the assessments. */
export function mapOption(s: StatsScreen): EChartOption {
  const step = Math.max(1, Math.ceil(Math.max(...s.provinces.map((p) => p.warnings), 0) / 3));
  return {
    ...TRANSPARENT,
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; data?: { value: number; assessments: number } }) =>
        `${p.name}<br/>预警 ${p.data?.value ?? 0} 条<br/>测评 ${p.data?.assessments ?? 0} 人次`,
    },
    // Pieces, not a gradient: on a wall a province is plainly none, few, some or many.
    visualMap: {
      type: 'piecewise',
      left: 8,
      bottom: 8,
      itemWidth: 14,
      itemHeight: 10,
      textStyle: { color: '#9fb8d6' },
      pieces: [
        { value: 0, label: '无预警', color: '#0e3b66' },
        { min: 1, max: step, label: `1-${step} 条`, color: '#ffd666' },
        { min: step + 1, max: step * 2, label: `${step + 1}-${step * 2} 条`, color: '#fa8c16' },
        { min: step * 2 + 1, label: `${step * 2 + 1} 条及以上`, color: '#ff4d4f' },
      ],
    },
    series: [
      {
        type: 'map',
        map: 'china',
        roam: false,
        layoutCenter: ['50%', '54%'],
        layoutSize: '108%',
        aspectScale: 0.78,
        label: { show: false },
        itemStyle: { areaColor: '#0b2a4d', borderColor: '#3d8ed6', borderWidth: 0.8 },
        emphasis: { label: { show: true, color: '#fff' }, itemStyle: { areaColor: '#23d5ff' } },
        select: { disabled: true },
        data: s.provinces.map((p) => ({ name: p.name, value: p.warnings, assessments: p.assessments })),
      },
    ],
  };
}

/** Warnings and assessments per day, 30 days. */
export function trendOption(s: StatsScreen): EChartOption {
  return {
    ...TRANSPARENT,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, left: 'center', textStyle: { color: '#9fb8d6' } },
    grid: { left: 36, right: 40, top: 34, bottom: 22 },
    xAxis: { type: 'category', data: s.trend.map((d) => d.date.slice(5)), ...AXIS },
    yAxis: [
      { type: 'value', name: '测评', minInterval: 1, ...AXIS, ...SPLIT, nameTextStyle: { color: '#9fb8d6' } },
      {
        type: 'value',
        name: '预警',
        minInterval: 1,
        ...AXIS,
        splitLine: { show: false },
        nameTextStyle: { color: '#9fb8d6' },
      },
    ],
    series: [
      {
        name: '测评人次',
        type: 'line',
        smooth: true,
        showSymbol: false,
        data: s.trend.map((d) => d.assessments),
        color: '#23d5ff',
        areaStyle: { opacity: 0.18 },
      },
      {
        name: '预警',
        type: 'bar',
        yAxisIndex: 1,
        barMaxWidth: 10,
        data: s.trend.map((d) => d.warnings),
        color: '#ff4d4f',
      },
    ],
  };
}

const BAND_COLORS = ['#36cfc9', '#73d13d', '#fadb14', '#fa8c16', '#ff4d4f', '#9254de'];

/** One donut per main scale, in a 2 x 2 grid, bands coloured from mild to severe. */
export function bandsOption(s: StatsScreen): EChartOption {
  const cells = [
    ['25%', '30%'],
    ['75%', '30%'],
    ['25%', '78%'],
    ['75%', '78%'],
  ];
  return {
    ...TRANSPARENT,
    tooltip: { trigger: 'item', formatter: '{a}<br/>{b}：{c} 人次（{d}%）' },
    title: s.bands.map((b, i) => ({
      text: b.shortName,
      left: cells[i]![0],
      top: cells[i]![1],
      textAlign: 'center',
      textVerticalAlign: 'middle',
      textStyle: { color: '#e6f4ff', fontSize: 12, fontWeight: 'normal' },
    })),
    series: s.bands.map((b, i) => ({
      name: b.shortName,
      type: 'pie',
      radius: ['30%', '42%'],
      center: cells[i],
      label: { show: false },
      color: BAND_COLORS,
      data: b.bands.map((x) => ({ name: x.label, value: x.count })),
    })),
  };
}

/** Institutions by open warnings, most first. */
export function institutionsOption(s: StatsScreen): EChartOption {
  const list = [...s.topInstitutions].reverse();
  return {
    ...TRANSPARENT,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 36, top: 6, bottom: 6, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, ...AXIS, ...SPLIT },
    yAxis: {
      type: 'category',
      data: list.map((i) => (i.name.length > 9 ? `${i.name.slice(0, 9)}…` : i.name)),
      ...AXIS,
    },
    series: [
      {
        type: 'bar',
        name: '待处理预警',
        data: list.map((i) => i.open),
        barMaxWidth: 14,
        label: { show: true, position: 'right', color: '#e6f4ff' },
        itemStyle: { borderRadius: [0, 4, 4, 0], color: '#fa8c16' },
      },
    ],
  };
}
