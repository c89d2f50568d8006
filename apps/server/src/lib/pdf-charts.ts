import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SVGtoPDF from 'svg-to-pdfkit';

/** Noto Sans SC cut to GB2312 (scripts/make-report-font.mjs, OFL): Chinese on any machine. */
export const PDF_CHINESE_FONT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../assets/fonts/NotoSansSC-Regular-GB2312.ttf',
);

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  SVGRenderer,
]);

/** The option of one chart, as ECharts takes it. */
export type ChartOption = echarts.EChartsCoreOption;

/**
 * One ECharts chart rendered on the server as an SVG string (server-side rendering, no DOM):
 * animation off, disposed straight away.
 */
export function chartSvg(option: ChartOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: 'sans-serif' }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * Draws an SVG (e.g. from `chartSvg`) into a pdfkit document at (x, y), scaled to `width` x
 * `height`, its text in the document's registered font `font` (a Chinese font, so labels print).
 */
export function drawSvg(
  doc: PDFKit.PDFDocument,
  svg: string,
  x: number,
  y: number,
  opts: { width: number; height: number; font: string },
): void {
  SVGtoPDF(doc, svg, x, y, {
    width: opts.width,
    height: opts.height,
    assumePt: true,
    fontCallback: () => opts.font,
    warningCallback: () => {},
  });
}
