import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { genderLabels, regionName, type AssessmentResult, type BasicInfoBody } from '@psy/contracts';
import PDFDocument from 'pdfkit';
import { formatShanghai } from '../../lib/time';

/** Noto Sans SC cut to GB2312 (scripts/make-report-font.mjs): Chinese on any machine. */
const FONT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets/fonts/NotoSansSC-Regular-GB2312.ttf',
);

const TEAL = '#0e8f8f';
const GREY = '#666666';
const RED = '#cf1322';

/** The full report as a PDF: scores, bands with interpretation and advice, factor bars, alerts. */
export function renderReportPdf(input: {
  result: AssessmentResult;
  basicInfo: BasicInfoBody | null;
  siteName: string;
}): Promise<Buffer> {
  const { result, basicInfo, siteName } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${result.title} 测评报告`, Author: siteName },
  });
  doc.registerFont('cn', FONT);
  doc.font('cn');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 112;

  doc.fillColor(TEAL).fontSize(22).text(`${result.title}`, { align: 'center' });
  doc.moveDown(0.3).fillColor(GREY).fontSize(11).text('心理测评报告', { align: 'center' });
  doc.moveDown(1).fillColor('#000').fontSize(10.5);
  const info = [
    ['姓名', basicInfo?.name ?? '—'],
    ['性别', basicInfo ? genderLabels[basicInfo.gender] : '—'],
    ['年龄', basicInfo ? `${basicInfo.age} 岁` : '—'],
    ['地区', basicInfo ? (regionName(basicInfo.regionCode) ?? '—') : '—'],
    ['完成时间', formatShanghai(new Date(result.submittedAt))],
    ['用时', `${Math.max(1, Math.round(result.durationSeconds / 60))} 分钟`],
  ];
  for (const [k, v] of info) doc.text(`${k}：${v}`, { continued: false });

  if (result.crisis) {
    doc
      .moveDown(0.8)
      .fillColor(RED)
      .fontSize(12)
      .text(
        '重要提示：本次作答提示您可能正承受较大的痛苦。请立即与身边信任的人联系，或拨打以下电话获得帮助：',
      );
    for (const h of result.hotlines) doc.fontSize(11).text(`${h.name} ${h.number}（${h.note}）`);
    doc.fillColor('#000');
  }

  for (const part of result.parts) {
    doc.moveDown(1.2).fillColor(TEAL).fontSize(15).text(`${part.scaleName}（${part.shortName}）`);
    doc
      .moveTo(56, doc.y + 2)
      .lineTo(56 + width, doc.y + 2)
      .strokeColor('#b5f5ec')
      .stroke();
    doc.moveDown(0.5).fillColor('#000').fontSize(11);
    const scoreLine =
      part.standardScore !== null
        ? `原始分 ${part.rawScore}，标准分 ${part.standardScore}`
        : `总分 ${part.rawScore}`;
    doc.text(scoreLine);
    if (part.band) {
      doc.moveDown(0.3).fontSize(12).text(`结果：${part.band.label}`);
      doc.fontSize(10.5).fillColor('#333').text(`解释：${part.band.interpretation}`);
      doc.text(`建议：${part.band.advice}`).fillColor('#000');
    }
    for (const [key, value] of Object.entries(part.indices)) {
      doc
        .fontSize(10)
        .fillColor(GREY)
        .text(`${part.indexLabels[key] ?? key}：${value}`);
    }
    if (part.dimensions.length) {
      doc.moveDown(0.5).fillColor('#000').fontSize(11).text('维度得分');
      const max = Math.max(...part.dimensions.map((d) => d.score), 1);
      for (const d of part.dimensions) {
        if (doc.y > doc.page.height - 90) doc.addPage();
        const y = doc.y + 2;
        doc.fontSize(9.5).fillColor('#333').text(d.name, 56, y, { width: 90 });
        const barWidth = Math.max(2, ((width - 160) * d.score) / max);
        doc.rect(150, y + 2, barWidth, 9).fill(d.score >= 3 ? RED : TEAL);
        doc.fillColor('#333').text(String(d.score), 150 + barWidth + 6, y, { width: 60 });
        doc.x = 56;
        doc.y = y + 16;
      }
    }
    for (const a of part.alerts)
      doc.moveDown(0.3).fillColor(RED).fontSize(10.5).text(`预警（${a.level} 级）：${a.reason}`);
    for (const n of part.notes) doc.fillColor('#ad6800').fontSize(10.5).text(`提示：${n}`);
    doc.fillColor('#000');
  }

  doc
    .moveDown(1.5)
    .fontSize(9)
    .fillColor(GREY)
    .text(
      '说明：本报告基于自评量表结果生成，仅供了解自身心理状态参考，不能替代精神科或心理专业人员的诊断。如结果提示存在困扰，建议预约专业咨询。',
      { width },
    );
  doc.text(`${siteName} · 生成于 ${formatShanghai(new Date())}`, { width });
  doc.end();
  return done;
}
