import { formatFen, genderLabels, regionName, type FullReport, type ReportPart } from '@psy/contracts';
import { chartSizes, profileOption, scoreScaleOption, trendOption } from '@psy/report-charts';
import PDFDocument from 'pdfkit';
import { chartSvg, drawSvg, PDF_CHINESE_FONT as FONT, type ChartOption } from '../../lib/pdf-charts';
import { formatDate, formatDateTime, formatDuration } from '../../lib/time';

const FONT_NAME = 'cn';

const TEAL = '#0e8f8f';
const GREY = '#666666';
const RED = '#cf1322';
const AMBER = '#ad6800';
const MARGIN = 56;

/**
 * The full report as a PDF, with the same content and the same charts as the report page:
 * the charts are the page's ECharts options rendered to SVG on the server and drawn as
 * vectors; every figure, date and duration is formatted by the same helpers as the page's.
 */
export function renderReportPdf(input: { report: FullReport; siteName: string }): Promise<Buffer> {
  const { report, siteName } = input;
  const { result, basicInfo } = report;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${result.title} 测评报告`, Author: siteName },
  });
  doc.registerFont(FONT_NAME, FONT);
  doc.font(FONT_NAME);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const room = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  const para = (text: string, opts: { size?: number; color?: string; gap?: number } = {}) => {
    doc
      .fontSize(opts.size ?? 10.5)
      .fillColor(opts.color ?? '#000')
      .text(text, MARGIN, doc.y, { width, lineGap: 2 });
    if (opts.gap) doc.moveDown(opts.gap);
  };
  const heading = (text: string, size = 13) => {
    room(60);
    doc.moveDown(0.6);
    para(text, { size, color: TEAL });
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .strokeColor('#b5f5ec')
      .stroke();
    doc.moveDown(0.5);
  };
  const chart = (option: ChartOption, size: { width: number; height: number }) => {
    room(size.height + 6);
    drawSvg(doc, chartSvg(option, size.width, size.height), MARGIN, doc.y, { ...size, font: FONT_NAME });
    doc.y += size.height + 6;
    doc.x = MARGIN;
  };

  // ---- title and who ----
  doc.fillColor(TEAL).fontSize(22).text(result.title, { align: 'center' });
  doc.moveDown(0.3).fillColor(GREY).fontSize(11).text('心理测评报告', { align: 'center' });
  if (report.institution) doc.fontSize(10).text(report.institution, { align: 'center' });
  doc.moveDown(1);
  const info: Array<[string, string]> = [
    ['姓名', basicInfo?.name ?? '—'],
    ['性别', basicInfo ? genderLabels[basicInfo.gender] : '—'],
    ['年龄', basicInfo ? `${basicInfo.age} 岁` : '—'],
    ['地区', basicInfo ? (regionName(basicInfo.regionCode) ?? '—') : '—'],
    ['完成时间', formatDateTime(result.submittedAt)],
    ['用时', formatDuration(result.durationSeconds)],
  ];
  const colW = width / 2;
  info.forEach(([k, v], i) => {
    const y = doc.y;
    doc
      .fontSize(10.5)
      .fillColor(GREY)
      .text(`${k}：`, MARGIN + (i % 2) * colW, y, { continued: true });
    doc.fillColor('#000').text(v);
    if (i % 2 === 0) doc.y = y;
  });
  doc.x = MARGIN;

  // The crisis resources whenever an alert fired; urgent when an answer spoke of self-harm.
  if (result.crisis) {
    doc.moveDown(0.8);
    para('重要提示：本次作答提示你可能正承受较大的痛苦。请立即与身边信任的人联系，或拨打以下电话获得帮助：', {
      size: 11.5,
      color: RED,
    });
    for (const h of result.hotlines) para(`${h.name} ${h.number}（${h.note}）`, { size: 11, color: RED });
  } else if (result.parts.some((p) => p.alerts.length > 0)) {
    doc.moveDown(0.8);
    para('本次结果出现了需要关注的预警。如果你感到难以承受，可以随时拨打以下心理援助热线，或预约专业咨询：', {
      size: 11,
      color: AMBER,
    });
    for (const h of result.hotlines) para(`${h.name} ${h.number}（${h.note}）`, { size: 10.5, color: AMBER });
  }

  if (report.review) {
    heading('专业审核意见', 12);
    const who = [report.review.reviewerName, formatDate(report.review.decidedAt)].filter(Boolean).join(' · ');
    para(`审核人：${who}`, { size: 10, color: GREY });
    para(report.review.comment ? report.review.comment : '审核通过，无补充意见。', { gap: 0.3 });
  }

  report.parts.forEach((part, i) => {
    const r = result.parts[i];
    if (!r) return;
    heading(`${part.scaleName}（${part.shortName}）`, 15);
    const figures = [
      `总分 ${r.rawScore}`,
      ...(part.standard ? [`${part.standard.name} ${part.standard.value}（${part.standard.note}）`] : []),
      ...(r.band ? [`结果：${r.band.label}`] : [`筛查：${r.positive ? '阳性' : '阴性'}`]),
    ];
    para(figures.join('  '), { size: 11.5, gap: 0.3 });
    if (part.scoreScale)
      chart(scoreScaleOption(part.scoreScale, { fontFamily: FONT_NAME }), chartSizes.scoreScale);
    if (part.summary) para(part.summary, { color: '#333', gap: 0.3 });
    if (r.band?.interpretation) para(`解释：${r.band.interpretation}`, { color: '#333' });
    if (r.band?.advice) para(`建议：${r.band.advice}`, { color: '#333', gap: 0.3 });
    // Alerts and notes next, as on the page.
    for (const a of r.alerts) para(`预警（${a.level} 级）：${a.reason}`, { color: RED });
    for (const n of r.notes) para(`提示：${n}`, { color: AMBER });
    if (r.alerts.length || r.notes.length) doc.moveDown(0.3);
    indices(part, r.indices, r.indexLabels);
    dimensions(part);
    trend(part);
    highItems(part);
  });

  // ---- next steps ----
  heading('接下来可以做什么');
  para(`建议复测日期：${report.next.retestOn}。${report.next.retestNote}`, { gap: 0.3 });
  if (report.next.experts.length) {
    para('适合你的专家（可在平台预约咨询）：', { color: GREY });
    for (const e of report.next.experts)
      para(
        `· ${e.name}  ${e.title}${e.institution ? ` · ${e.institution}` : ''}  擅长：${e.specialties.join('、')}`,
      );
    doc.moveDown(0.3);
  }
  if (report.next.courses.length) {
    para('推荐课程（在平台“课程学习”中搜索课程名即可找到）：', { color: GREY });
    // Prices in 元: the embedded GB2312 font has no ¥.
    for (const c of report.next.courses)
      para(
        `· ${c.title}  ${c.category} · ${c.expertName} · ${c.priceFen > 0 ? `${formatFen(c.priceFen)} 元` : '免费'}`,
      );
  }

  doc.moveDown(1.2);
  para(
    '说明：本报告基于自评量表结果生成，仅供了解自身心理状态参考，不能替代精神科或心理专业人员的诊断。如结果提示存在困扰，建议预约专业咨询。',
    { size: 9, color: GREY },
  );
  para(
    `${[report.institution, siteName].filter(Boolean).join(' · ')} · 生成于 ${formatDateTime(report.generatedAt)}`,
    { size: 9, color: GREY },
  );

  // Page numbers, now that the count is known.
  const range = doc.bufferedPageRange();
  for (let p = 0; p < range.count; p++) {
    doc.switchToPage(range.start + p);
    const y = doc.page.height - MARGIN + 18;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8.5)
      .fillColor(GREY)
      .text(`${result.title} · 第 ${p + 1} / ${range.count} 页`, MARGIN, y, { width, align: 'center' });
  }
  doc.end();
  return done;

  function indices(part: ReportPart, values: Record<string, number>, labels: Record<string, string>) {
    const entries = Object.entries(values);
    if (!entries.length) return;
    const text = entries
      .map(([k, v]) => {
        const n = part.indexNorms[k];
        const shown = Number.isInteger(v) ? String(v) : v.toFixed(2);
        return `${labels[k] ?? k} ${shown}${n ? `（常模 ${n.mean.toFixed(2)}±${n.sd.toFixed(2)}）` : ''}`;
      })
      .join('；');
    para(text, { size: 10, color: GREY, gap: 0.3 });
  }

  function dimensions(part: ReportPart) {
    const option = profileOption(part, { fontFamily: FONT_NAME });
    if (!option) return;
    const size = chartSizes.profile(part.dimensions.length);
    room(size.height + 30);
    doc.moveDown(0.3);
    para('维度（因子）剖面', { size: 12 });
    chart(option, size);
    if (part.normSource) para(part.normSource, { size: 9, color: GREY, gap: 0.3 });
    for (const d of part.dimensions) {
      room(40);
      const norm = d.norm ? `，常模 ${d.norm.mean.toFixed(2)}±${d.norm.sd.toFixed(2)}` : '';
      const flag = d.positive ? '【阳性】' : '';
      para(`${d.name} ${d.score.toFixed(2)}${d.level ? ` · ${d.level}` : ''}${norm}${flag}`, {
        size: 10.5,
        color: d.positive ? RED : '#000',
      });
      if (d.interpretation) para(d.interpretation, { size: 9.5, color: '#333' });
      if (d.advice && d.positive) para(`建议：${d.advice}`, { size: 9.5, color: '#333' });
      doc.moveDown(0.2);
    }
  }

  function trend(part: ReportPart) {
    const name = part.scoreScale?.name ?? '总分';
    const option = trendOption(part.trend, { fontFamily: FONT_NAME, date: formatDate, name });
    room(option ? chartSizes.trend.height + 50 : 40);
    doc.moveDown(0.3);
    para('与以往结果比较', { size: 12 });
    if (!option || !part.change) {
      para('这是你第一次完成该量表，之后再测时会在这里与本次结果比较。', { size: 10, color: GREY });
      return;
    }
    chart(option, chartSizes.trend);
    para(part.change.text, { size: 10.5 });
  }

  function highItems(part: ReportPart) {
    doc.moveDown(0.3);
    para('影响结果较多的回答', { size: 12 });
    if (!part.highItems.length) {
      para('没有明显偏高的回答。', { size: 10, color: GREY });
      return;
    }
    for (const it of part.highItems)
      para(`第 ${it.number} 题  ${it.text} —— ${it.answer}${it.dimension ? `（${it.dimension}）` : ''}`, {
        size: 10,
      });
  }
}
