import type { StatsCenter } from '@psy/contracts';
import {
  bandsChart,
  crossChart,
  crossTitles,
  overTimeChart,
  plansChart,
  positiveChart,
  profileChart,
  retakesChart,
  type ChartSpec,
  type CrossBy,
} from '@psy/report-charts';
import type { ChartOption } from '../../lib/pdf-charts';
import { openPdf, PDF_GREY as GREY, PDF_TEAL as TEAL } from '../../lib/pdf-doc';
import { formatShanghai } from '../../lib/time';

const MARGIN = 50;

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
const orDash = (v: number | null) => (v === null ? '—' : String(v));

/** A page chart as the PDF draws it: one still frame, nothing to hover. */
function forPdf(option: ChartOption): ChartOption {
  const { tooltip: _tooltip, ...rest } = option as Record<string, unknown>;
  return rest;
}

/**
 * The group report of a data-centre filter: its figures, then the page's charts
 * (`@psy/report-charts`, ECharts rendered to SVG on the server) each with its table, in Chinese:
 * trend, bands, dimension profile, positive rate, the band cross-tabs by gender, age band and
 * province, plans' completion, retakes.
 */
export function renderGroupReportPdf(input: {
  center: StatsCenter;
  siteName: string;
  scopeLabel: string;
  generatedAt: Date;
}): Promise<Buffer> {
  const { center: c, siteName } = input;
  const pdf = openPdf({ title: '团体测评报告', author: siteName, margin: MARGIN });
  const { doc, width, heading, table, chart } = pdf;

  doc.fillColor(TEAL).fontSize(22).text('团体测评报告', { align: 'center' });
  doc.moveDown(0.3).fillColor(GREY).fontSize(11).text(siteName, { align: 'center' });
  doc.moveDown(1).fillColor('#000').fontSize(10.5);
  const meta = [
    ['数据范围', input.scopeLabel],
    ['时间范围', `${c.from} 至 ${c.to}`],
    ['量表', c.scale ? `${c.scale.name}（${c.scale.shortName}）` : '—'],
    ['生成时间', formatShanghai(input.generatedAt)],
  ];
  for (const [k, v] of meta) doc.text(`${k}：${v}`);

  heading('概况');
  table(
    ['测评人次', '参与人数', '平均原始分', '平均标准分', '筛查阳性率'],
    [[c.total, c.people, orDash(c.score.meanRaw), orDash(c.score.meanStandard), pct(c.positive.rate)]],
  );

  /**
   * A chart of the page and its figures as a table. A cross-tab's table is turned to one row
   * per gender / age band / province (with a total), so 30 provinces run down the page, not across.
   */
  const section = (spec: ChartSpec, opts: { height?: number; rows?: 'none' | { crossBy: CrossBy } } = {}) => {
    heading(spec.title, (opts.height ?? 220) + 50);
    if (spec.empty) {
      doc.text(spec.emptyText ?? '暂无数据');
      return;
    }
    chart(forPdf(spec.option), opts.height);
    if (opts.rows === 'none') return;
    if (!opts.rows) return table(spec.columns, spec.rows);
    const bands = spec.rows.map((r) => String(r[0]));
    table(
      [crossTitles[opts.rows.crossBy], ...bands, '合计'],
      spec.columns.slice(1).map((key, j) => {
        const counts = spec.rows.map((r) => Number(r[j + 1]));
        return [key, ...counts, counts.reduce((a, b) => a + b, 0)];
      }),
    );
  };

  // The data centre page's charts in its order (the trend's day-by-day figures stay on the page).
  section(overTimeChart(c), { rows: 'none' });
  if (c.scale) {
    section(bandsChart(c), { height: 200 });
    if (c.dimensions.length) section(profileChart(c), { height: 240 });
    section(positiveChart(c), { height: 180 });
    // A scale without a main band (SCL-90) has no cross-tabs: bandsChart has said so.
    if (c.bands.length)
      for (const by of Object.keys(crossTitles) as CrossBy[])
        section(crossChart(c, by), { rows: { crossBy: by }, height: by === 'province' ? 260 : 220 });
  }
  if (c.plans.length) section(plansChart(c), { height: 80 + 36 * c.plans.length });
  if (c.scale) section(retakesChart(c), { height: 200 });

  doc
    .moveDown(1.5)
    .fontSize(9)
    .fillColor(GREY)
    .text(
      '说明：本报告为团体层面的统计结果，不含可识别个人身份的信息；自评量表结果仅供参考，不能替代专业诊断。',
      MARGIN,
      doc.y,
      { width },
    );
  return pdf.finish();
}
