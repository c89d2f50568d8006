import type { EChartsOption } from 'echarts';
import * as echarts from 'echarts';

/** One chart as an SVG string, drawn by ECharts' server-side SVG renderer (no canvas, no DOM). */
export function chartSvg(option: EChartsOption, size: { width: number; height: number }): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...size });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
