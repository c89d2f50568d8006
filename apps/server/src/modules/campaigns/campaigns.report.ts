import ExcelJS from 'exceljs';
import {
  campaignStatusLabels,
  campaignWarningStateLabels,
  warningRiskLabels,
  type CampaignOutcomeFigures,
  type CampaignOutcomes,
  type CampaignWarningItem,
} from '@psy/contracts';
import type { ChartOption } from '../../lib/pdf-charts';
import { openPdf, PDF_GREY, PDF_TEAL } from '../../lib/pdf-doc';
import { formatDateTime } from '../../lib/time';
import type { RiskRow } from './campaigns.repository';
import type { CampaignReportScope } from './campaigns.service';

/**
 * What a campaign report holds, whatever its format: the campaign (narrowed to what the reader
 * may see), completion and risk levels per unit, the outcome figures, and for the centre's copy
 * (`warnings`) the warning list: names, units, levels and first contacts, never answers or scores.
 */
export interface CampaignReportInput {
  scope: CampaignReportScope;
  outcomes: CampaignOutcomes;
  warnings?: CampaignWarningItem[] | undefined;
  siteName: string;
  generatedAt: Date;
}

const rate = (n: number, total: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);
const pct = (n: number, total: number) => `${rate(n, total).toFixed(1)}%`;
const orDash = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v);

const outcomeColumns: [keyof CampaignOutcomeFigures, string][] = [
  ['raised', '发出预警'],
  ['contactedWithin24h', '24小时内联系'],
  ['contactedWithin72h', '72小时内联系'],
  ['contacted', '已联系'],
  ['medianHoursToContact', '首次联系中位用时（小时）'],
  ['meanHoursToContact', '首次联系平均用时（小时）'],
  ['referred', '转介'],
  ['retested', '复测'],
  ['improved', '复测好转'],
  ['closed', '结案'],
];
const riskColumns: [keyof RiskRow, string][] = [
  ['completed', '已完成'],
  ['none', '无预警'],
  ['low', warningRiskLabels[1]!],
  ['medium', warningRiskLabels[2]!],
  ['high', warningRiskLabels[3]!],
];
const completionHead = ['单位', '参与人数', '已完成', '进行中', '未开始', '完成率'];
const warningHead = [
  '姓名',
  '学号/工号',
  '单位',
  '等级',
  '预警时间',
  '当前处置单位',
  '联系时限',
  '状态',
  '首次联系',
];

const edition = (r: CampaignReportInput) => (r.warnings ? '心理中心版' : '单位版');
const editionNote = (r: CampaignReportInput) =>
  r.warnings ? '心理中心版：含预警名单（不含作答与分数）' : '单位版：仅含统计数字，不含姓名';
const coverage = (r: CampaignReportInput) =>
  r.scope.unitName ?? (r.warnings ? '全部参与单位' : '我负责的单位');

/** The campaign's facts, as label and value, the same in both formats. */
function facts(r: CampaignReportInput): [string, string][] {
  const c = r.scope.detail;
  return [
    ['活动名称', c.title],
    ['机构', r.scope.institution],
    ['测评内容', r.scope.content],
    ['状态', campaignStatusLabels[c.status]],
    ['时间', `${formatDateTime(c.opensAt)} 至 ${formatDateTime(c.closesAt)}`],
    ['参与单位', c.units.map((u) => u.unitName).join('、') || '—'],
    ['报告范围', coverage(r)],
    ['导出时间', formatDateTime(r.generatedAt)],
    ['说明', editionNote(r)],
  ];
}

const completionRows = (r: CampaignReportInput) => {
  const c = r.scope.detail;
  const p = c.progress;
  return [
    ...c.units.map((u) => [u.unitName, u.total, u.completed, u.started, u.notStarted]),
    ['合计', p.total, p.completed, p.started, p.notStarted],
  ] as [string, number, number, number, number][];
};
const riskRows = (r: CampaignReportInput) => [
  ...r.scope.risk.units.map((u) => [u.unitName, ...riskColumns.map(([k]) => u[k])]),
  ['合计', ...riskColumns.map(([k]) => r.scope.risk.total[k])],
];
const outcomeRows = (r: CampaignReportInput, keys: (keyof CampaignOutcomeFigures)[]) => [
  ...r.outcomes.units.map((u) => [u.unitName, ...keys.map((k) => orDash(u[k]))]),
  ['合计', ...keys.map((k) => orDash(r.outcomes.total[k]))],
];
const warningRow = (w: CampaignWarningItem) => [
  w.memberName,
  w.memberNo,
  w.unitName,
  warningRiskLabels[w.level] ?? '',
  formatDateTime(w.routedAt),
  w.currentUnitName,
  w.dueAt ? formatDateTime(w.dueAt) : '—',
  campaignWarningStateLabels[w.state],
  w.contactedAt ? formatDateTime(w.contactedAt) : '—',
];

/** The report's file name, in Chinese and in ASCII. */
export function campaignReportNames(r: CampaignReportInput, ext: 'xlsx' | 'pdf') {
  const c = r.scope.detail;
  const unit = r.scope.unitName ? `-${r.scope.unitName.replaceAll('/', '-')}` : '';
  return {
    ascii: `campaign-${c.id}${r.scope.unitName && r.scope.roots ? `-unit-${r.scope.roots[0]}` : ''}.${ext}`,
    name: `${c.title}-筛查报告${r.warnings ? '' : '（单位版）'}${unit}.${ext}`,
  };
}

function sheet(wb: ExcelJS.Workbook, name: string, headers: string[], widths: number[]) {
  const ws = wb.addWorksheet(name);
  ws.columns = headers.map((header, i) => ({ header, width: widths[i] ?? 12 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
}

/** 筛查报告.xlsx: one sheet per part (活动, 完成情况, 风险等级, 预警处置, and the centre's 预警名单). */
export async function campaignReportXlsx(r: CampaignReportInput): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = r.siteName;

  sheet(wb, '活动', ['项目', '内容'], [16, 60]).addRows(facts(r));

  const done = sheet(
    wb,
    '完成情况',
    [...completionHead.slice(0, 5), '完成率（%）'],
    [28, 10, 10, 10, 10, 12],
  );
  for (const row of completionRows(r)) {
    const added = done.addRow([...row, rate(row[2], row[1])]);
    if (row[0] === '合计') added.font = { bold: true };
  }

  const risk = sheet(wb, '风险等级', ['单位', ...riskColumns.map(([, l]) => l)], [28, 10, 10, 10, 10, 10]);
  riskRows(r).forEach((row) => risk.addRow(row));
  risk.lastRow!.font = { bold: true };

  const handled = sheet(wb, '预警处置', ['单位', ...outcomeColumns.map(([, label]) => label)], [28]);
  outcomeRows(
    r,
    outcomeColumns.map(([k]) => k),
  ).forEach((row) => handled.addRow(row));
  handled.lastRow!.font = { bold: true };

  if (r.warnings) {
    const list = sheet(wb, '预警名单', warningHead, [10, 14, 28, 8, 18, 16, 18, 10, 18]);
    for (const w of r.warnings) list.addRow(warningRow(w));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Completion per unit as stacked bars: 已完成, 进行中, 未开始. */
function completionChart(r: CampaignReportInput): ChartOption {
  const units = r.scope.detail.units;
  const series = (name: string, key: 'completed' | 'started' | 'notStarted', color: string) => ({
    type: 'bar',
    name,
    stack: 'all',
    barMaxWidth: 16,
    itemStyle: { color },
    label: { show: true, formatter: (p: { value: number }) => (p.value ? String(p.value) : '') },
    data: units.map((u) => u[key]),
  });
  // Room for the longest unit name (12 px a character), at most a third of the page.
  const left = Math.min(170, 20 + 12 * Math.max(...units.map((u) => u.unitName.length)));
  return {
    grid: { left, right: 20, top: 30, bottom: 24 },
    legend: { top: 0, data: ['已完成', '进行中', '未开始'] },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: units.map((u) => u.unitName),
      axisLabel: { width: left - 12, overflow: 'truncate' },
    },
    series: [
      series('已完成', 'completed', '#52c41a'),
      series('进行中', 'started', '#1677ff'),
      series('未开始', 'notStarted', '#bfbfbf'),
    ],
  };
}

/** The outcome steps in total, as the campaign page draws them. */
function outcomeChart(f: CampaignOutcomeFigures): ChartOption {
  const steps = outcomeColumns.filter(([k]) => k !== 'medianHoursToContact' && k !== 'meanHoursToContact');
  return {
    grid: { left: 96, right: 40, top: 10, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: steps.map(([, l]) => l) },
    series: [
      {
        type: 'bar',
        barMaxWidth: 16,
        label: { show: true, position: 'right' },
        itemStyle: { color: '#13a8a8' },
        data: steps.map(([k]) => f[k] ?? 0),
      },
    ],
  };
}

/** Units a completion chart draws at most; beyond, the table alone carries the figures. */
const CHART_UNITS_MAX = 24;

/** 筛查报告.pdf: the same content as the workbook, with a chart of completion per unit. */
export function campaignReportPdf(r: CampaignReportInput): Promise<Buffer> {
  const c = r.scope.detail;
  const pdf = openPdf({ title: `${c.title} 筛查报告`, author: r.siteName });
  const { doc, heading, table, para, chart } = pdf;
  const strong = (row: (string | number)[]) => row[0] === '合计';

  doc.fillColor(PDF_TEAL).fontSize(20).text(c.title, { align: 'center' });
  doc
    .moveDown(0.3)
    .fillColor(PDF_GREY)
    .fontSize(11)
    .text(`筛查报告（${edition(r)}）`, { align: 'center' });
  doc.moveDown(1);
  for (const [k, v] of facts(r).filter(([k]) => k !== '活动名称' && k !== '说明'))
    para(`${k}：${v}`, { size: 10.5 });
  doc.moveDown(0.3);
  para(`说明：${editionNote(r).split('：')[1]}。`, { size: 9, color: PDF_GREY });

  // ---- completion ----
  const p = c.progress;
  heading('完成情况');
  para(
    `参与 ${p.total} 人，已完成 ${p.completed} 人（完成率 ${pct(p.completed, p.total)}），进行中 ${p.started} 人，未开始 ${p.notStarted} 人。`,
  );
  doc.moveDown(0.5);
  if (c.units.length > 0 && c.units.length <= CHART_UNITS_MAX)
    chart(completionChart(r), 64 + 26 * c.units.length);
  table(
    completionHead,
    completionRows(r).map((row) => [...row, pct(row[2], row[1])]),
    { strong },
  );

  // ---- risk levels ----
  const k = r.scope.risk.total;
  heading('风险等级');
  para(
    `已完成的 ${k.completed} 人中，无预警 ${k.none} 人，低危 ${k.low} 人，中危 ${k.medium} 人，高危 ${k.high} 人（按每人本次测评的最高预警等级）。`,
  );
  doc.moveDown(0.5);
  table(['单位', ...riskColumns.map(([, l]) => l)], riskRows(r), { strong });

  // ---- outcomes ----
  const f = r.outcomes.total;
  // The heading stays with its sentence and chart.
  heading('预警处置成效', f.raised === 0 ? 120 : 300);
  if (f.raised === 0) para('这次筛查还没有预警。');
  else {
    const hours =
      f.medianHoursToContact === null
        ? '尚无首次联系'
        : `首次联系用时中位 ${f.medianHoursToContact} 小时、平均 ${orDash(f.meanHoursToContact)} 小时`;
    para(
      `发出预警 ${f.raised} 条，已联系 ${f.contacted} 条（24 小时内 ${f.contactedWithin24h} 条，72 小时内 ${f.contactedWithin72h} 条），${hours}；转介 ${f.referred} 条，复测 ${f.retested} 条（好转 ${f.improved} 条），结案 ${f.closed} 条。`,
    );
    doc.moveDown(0.5);
    chart(outcomeChart(f), 200);
  }
  table(
    [
      '单位',
      '发出预警',
      '24小时内\n联系',
      '72小时内\n联系',
      '已联系',
      '首次联系\n中位用时(时)',
      '首次联系\n平均用时(时)',
    ],
    outcomeRows(r, [
      'raised',
      'contactedWithin24h',
      'contactedWithin72h',
      'contacted',
      'medianHoursToContact',
      'meanHoursToContact',
    ]),
    { strong, headLines: 2 },
  );
  doc.moveDown(0.8);
  table(
    ['单位', '发出预警', '转介', '复测', '复测好转', '结案'],
    outcomeRows(r, ['raised', 'referred', 'retested', 'improved', 'closed']),
    { strong },
  );

  // ---- the centre's warning list, on landscape pages ----
  if (r.warnings) {
    pdf.newPage('landscape');
    heading('预警名单');
    para(`共 ${r.warnings.length} 条。仅供心理中心跟进使用，请勿外传；不含作答与分数。`, {
      size: 9,
      color: PDF_GREY,
    });
    doc.moveDown(0.5);
    if (r.warnings.length === 0) para('这次筛查还没有预警。');
    else
      table(warningHead, r.warnings.map(warningRow), {
        widths: [58, 76, 150, 36, 88, 92, 88, 48, 88],
        fontSize: 9,
      });
  }

  doc
    .moveDown(1.5)
    .fontSize(9)
    .fillColor(PDF_GREY)
    .text(
      '说明：完成情况按活动面向的、有账号的名单成员计；风险等级与预警按本次筛查的测评计；首次联系为单位记录的联系与专家首条跟进记录中较早的一次。',
      pdf.margin,
      doc.y,
      { width: pdf.pageWidth() },
    );
  return pdf.finish();
}
