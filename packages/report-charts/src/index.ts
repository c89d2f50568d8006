import type { ReportPart, ReportScoreScale, ReportTrendPoint } from '@psy/contracts';
import type { EChartsOption } from 'echarts';

/**
 * The full report's charts as ECharts options, built once for both places that draw them: the
 * report page (ECharts in the browser) and the PDF (ECharts' server-side SVG renderer, drawn
 * into pdfkit). Same option, same picture. Animation is off: the PDF has one frame, and print
 * must not catch a bar half-grown.
 */

export type BandTone = 'calm' | 'mild' | 'moderate' | 'high';

/**
 * A tone for a band label, from the words the built-in scales use (无/极轻微 · 轻度 · 中度/中等/高 ·
 * 中重度/重度/很高). Soft colours: a result is information, not an alarm.
 */
export function bandTone(label: string): BandTone {
  if (/无|极轻微|良好|正常|未达/.test(label) || label === '低') return 'calm';
  if (/重|很高|严重|阳性/.test(label)) return 'high';
  if (/中|高|较低|偏/.test(label)) return 'moderate';
  if (/轻/.test(label)) return 'mild';
  return 'moderate';
}

export const toneColors: Record<BandTone, { tag: string; bar: string }> = {
  calm: { tag: 'green', bar: '#52c41a' },
  mild: { tag: 'gold', bar: '#faad14' },
  moderate: { tag: 'orange', bar: '#fa8c16' },
  high: { tag: 'volcano', bar: '#f5622d' },
};

export const chartColors = {
  brand: '#13a8a8',
  positive: '#f5622d',
  norm: '#434343',
  text: '#333333',
  muted: '#8c8c8c',
  grid: '#e8e8e8',
} as const;

/** The size each chart is drawn at in the PDF (points) and, for its height, on the page. */
export const chartSizes = {
  scoreScale: { width: 480, height: 110 },
  profile: (dimensions: number) => ({ width: 480, height: 70 + dimensions * 30 }),
  trend: { width: 480, height: 200 },
} as const;

const base = (fontFamily: string | undefined): EChartsOption => ({
  animation: false,
  backgroundColor: 'transparent',
  textStyle: { fontFamily: fontFamily ?? 'sans-serif', color: chartColors.text },
});

const fixed = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

export interface ChartOptions {
  /** The font the PDF registers for Chinese; the page leaves it to the browser. */
  fontFamily?: string;
}

/** Each band's stretch of the scale: from its min (or where the previous ended) to the next band's start. */
export function bandSegments(s: ReportScoreScale): Array<{ label: string; from: number; to: number }> {
  const out: Array<{ label: string; from: number; to: number }> = [];
  s.bands.forEach((b, i) => {
    const from = i === 0 ? s.min : (out[i - 1]?.to ?? s.min);
    const next = s.bands[i + 1];
    const to = next ? (next.min ?? b.max ?? s.max) : s.max;
    out.push({ label: b.label, from: Math.max(from, s.min), to: Math.min(Math.max(to, from), s.max) });
  });
  return out.filter((seg) => seg.to > seg.from);
}

/** The main score on its band scale: coloured bands, the cut-offs on the axis, a pin at the score. */
export function scoreScaleOption(s: ReportScoreScale, opts: ChartOptions = {}): EChartsOption {
  const segs = bandSegments(s);
  const ticks = [...new Set([s.min, ...segs.map((g) => g.from), s.max])].sort((a, b) => a - b);
  return {
    ...base(opts.fontFamily),
    grid: { left: 12, right: 16, top: 40, bottom: 26, containLabel: false },
    xAxis: {
      type: 'value',
      min: s.min,
      max: s.max,
      splitLine: { show: false },
      axisLine: { show: false },
      axisTick: { show: true, customValues: ticks },
      axisLabel: { customValues: ticks, color: chartColors.muted, fontSize: 11 },
    },
    yAxis: { type: 'category', data: [s.name], show: false },
    series: [
      // Stacked bars start at 0: an invisible base carries the first band to the scale's start.
      {
        type: 'bar',
        stack: 'bands',
        data: [s.min],
        barWidth: 22,
        itemStyle: { color: 'transparent' },
        silent: true,
      },
      ...segs.map((g) => ({
        type: 'bar' as const,
        stack: 'bands',
        name: g.label,
        data: [g.to - g.from],
        barWidth: 22,
        itemStyle: { color: toneColors[bandTone(g.label)].bar, opacity: g.label === s.label ? 1 : 0.35 },
        label: {
          show: true,
          formatter: g.label,
          color: g.label === s.label ? '#fff' : chartColors.text,
          fontSize: 11,
          overflow: 'truncate' as const,
          width: 200,
        },
        // A band narrower than its name (a phone) shows it cut short with an ellipsis, inside.
        labelLayout: (l: { rect: { width: number } }) => ({ width: Math.max(0, l.rect.width - 6) }),
        silent: true,
      })),
      {
        type: 'scatter',
        name: `你的${s.name}`,
        data: [[s.value, s.name]],
        symbol: 'triangle',
        symbolSize: [14, 10],
        symbolRotate: 180,
        symbolOffset: [0, -17],
        itemStyle: { color: chartColors.text },
        label: {
          show: true,
          position: 'top',
          distance: 14,
          formatter: `你的${s.name} ${fixed(s.value)}`,
          color: chartColors.text,
          fontSize: 12,
          fontWeight: 'bold',
        },
        z: 10,
      },
    ],
  };
}

/** The dimension profile: bars of the person's scores, the norm means as marks, the positive cut-off line. */
export function profileOption(p: ReportPart, opts: ChartOptions = {}): EChartsOption | null {
  if (!p.dimensions.length || !p.dimensionRange) return null;
  const { min, max, positiveAt } = p.dimensionRange;
  const names = p.dimensions.map((d) => d.name);
  const hasNorm = p.dimensions.some((d) => d.norm);
  // Factor means (SCL-90: 1–5) read with two decimals, as the norms are published.
  const label = (n: number) => (max <= 5 ? n.toFixed(2) : fixed(n));
  return {
    ...base(opts.fontFamily),
    legend: {
      top: 0,
      left: 0,
      itemWidth: 14,
      itemHeight: 10,
      textStyle: { fontSize: 11, color: chartColors.text },
      data: ['你的得分', ...(hasNorm ? ['中国常模均值'] : [])],
    },
    grid: { left: 4, right: 40, top: 42, bottom: 8, containLabel: true },
    xAxis: {
      type: 'value',
      min: min >= 0 && min <= 1 ? min : 0,
      max,
      splitLine: { lineStyle: { color: chartColors.grid } },
      axisLabel: { color: chartColors.muted, fontSize: 10 },
    },
    yAxis: {
      type: 'category',
      data: names,
      inverse: true,
      axisTick: { show: false },
      axisLabel: { color: chartColors.text, fontSize: 11 },
    },
    series: [
      {
        type: 'bar',
        name: '你的得分',
        barWidth: 14,
        data: p.dimensions.map((d) => ({
          value: d.score,
          itemStyle: { color: d.positive ? chartColors.positive : chartColors.brand },
        })),
        itemStyle: { color: chartColors.brand },
        ...(positiveAt !== null
          ? {
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { color: chartColors.positive, type: 'dashed', width: 1 },
                label: {
                  formatter: `阳性界值 ${positiveAt}`,
                  position: 'start',
                  color: chartColors.positive,
                  fontSize: 10,
                },
                data: [{ xAxis: positiveAt }],
              },
            }
          : {}),
      },
      ...(hasNorm
        ? [
            {
              type: 'scatter' as const,
              name: '中国常模均值',
              symbol: 'rect',
              symbolSize: [3, 20],
              itemStyle: { color: chartColors.norm },
              data: p.dimensions.map((d) => (d.norm ? d.norm.mean : null)),
              z: 5,
            },
          ]
        : []),
      // Each score's figure, right of its bar or of the norm mark when that reaches further.
      {
        type: 'scatter',
        silent: true,
        symbolSize: 1,
        itemStyle: { color: 'transparent' },
        data: p.dimensions.map((d) => [Math.max(d.score, d.norm?.mean ?? d.score), d.name]),
        label: {
          show: true,
          position: 'right',
          distance: 6,
          fontSize: 10,
          color: chartColors.text,
          formatter: (x: { dataIndex: number }) => label(p.dimensions[x.dataIndex]?.score ?? 0),
        },
        z: 6,
      },
    ],
  };
}

/** This and earlier results of the same scale, oldest first, with each point's score. */
export function trendOption(
  points: ReportTrendPoint[],
  opts: ChartOptions & { date: (iso: string) => string; name: string },
): EChartsOption | null {
  if (points.length < 2) return null;
  return {
    ...base(opts.fontFamily),
    grid: { left: 8, right: 24, top: 28, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: points.map((p) => opts.date(p.submittedAt)),
      axisLabel: { color: chartColors.muted, fontSize: 10 },
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value',
      name: opts.name,
      nameTextStyle: { color: chartColors.muted, fontSize: 10 },
      splitLine: { lineStyle: { color: chartColors.grid } },
      axisLabel: { color: chartColors.muted, fontSize: 10 },
      scale: true,
    },
    series: [
      {
        type: 'line',
        name: opts.name,
        data: points.map((p) => ({
          value: p.score,
          symbolSize: p.current ? 10 : 7,
          itemStyle: { color: p.current ? chartColors.positive : chartColors.brand },
        })),
        lineStyle: { color: chartColors.brand, width: 2 },
        itemStyle: { color: chartColors.brand },
        label: {
          show: true,
          fontSize: 10,
          color: chartColors.text,
          formatter: (x: { value?: unknown }) => fixed(Number(x.value)),
        },
      },
    ],
  };
}

export * from './stats-center';
