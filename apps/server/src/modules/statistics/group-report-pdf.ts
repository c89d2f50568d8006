import { crossKeyLabel, type StatsCenter } from '@psy/contracts';
import PDFDocument from 'pdfkit';
import { chartSvg, drawSvg, PDF_CHINESE_FONT, type ChartOption } from '../../lib/pdf-charts';
import { formatShanghai } from '../../lib/time';

const TEAL = '#0e8f8f';
const GREY = '#666666';
const MARGIN = 50;

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
const orDash = (v: number | null) => (v === null ? '—' : String(v));

/**
 * The group report of a data-centre filter: the figures, three charts (ECharts rendered to
 * SVG on the server) and their tables, in Chinese.
 */
export function renderGroupReportPdf(input: {
  center: StatsCenter;
  siteName: string;
  scopeLabel: string;
  generatedAt: Date;
}): Promise<Buffer> {
  const { center: c, siteName } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: '团体测评报告', Author: siteName },
  });
  doc.registerFont('cn', PDF_CHINESE_FONT);
  doc.font('cn');
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 2 * MARGIN;

  const ensure = (h: number) => {
    if (doc.y + h > doc.page.height - MARGIN) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(60);
    doc.moveDown(0.8).fillColor(TEAL).fontSize(14).text(text, MARGIN);
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .strokeColor('#b5f5ec')
      .stroke();
    doc.moveDown(0.5).fillColor('#000').fontSize(10.5);
  };
  const chart = (option: ChartOption, h = 220) => {
    ensure(h + 10);
    const y = doc.y;
    // Rendered at the size it is drawn (1 px = 1 pt): nothing is scaled, labels stay inside.
    drawSvg(doc, chartSvg(option, Math.round(width), h), MARGIN, y, {
      width,
      height: h,
      font: 'cn',
    });
    doc.x = MARGIN;
    doc.y = y + h + 6;
  };
  /** A simple table: header row, then rows; columns share the width equally. */
  const table = (head: string[], rows: (string | number)[][]) => {
    const col = width / head.length;
    const line = (cells: (string | number)[], bold: boolean) => {
      ensure(18);
      const y = doc.y;
      cells.forEach((cell, i) => {
        doc
          .fillColor(bold ? TEAL : '#333')
          .fontSize(9.5)
          .text(String(cell), MARGIN + i * col + 2, y, { width: col - 4, lineBreak: false, ellipsis: true });
      });
      doc.x = MARGIN;
      doc.y = y + 15;
    };
    line(head, true);
    for (const r of rows) line(r, false);
    doc.fillColor('#000');
  };

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

  heading('测评人次趋势');
  chart({
    grid: { left: 40, right: 16, top: 16, bottom: 40 },
    xAxis: { type: 'category', data: c.overTime.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'line', data: c.overTime.map((d) => d.count), color: TEAL, areaStyle: { opacity: 0.15 } },
    ],
  });

  if (c.scale) {
    heading(`结果分级分布（${c.scale.shortName}）`);
    if (c.bands.length) {
      chart(
        {
          grid: { left: 40, right: 16, top: 16, bottom: 30 },
          xAxis: { type: 'category', data: c.bands.map((b) => b.label) },
          yAxis: { type: 'value', minInterval: 1 },
          series: [{ type: 'bar', data: c.bands.map((b) => b.count), color: TEAL, barMaxWidth: 48 }],
        },
        180,
      );
      const n = c.bands.reduce((s, b) => s + b.count, 0);
      table(
        ['分级', '人次', '占比'],
        c.bands.map((b) => [b.label, b.count, pct(n ? b.count / n : null)]),
      );
    } else doc.text(c.total ? '该量表没有总分分级，见下方因子剖面。' : '暂无数据');

    if (c.dimensions.length) {
      heading(c.dimensions.some((d) => d.norm) ? '因子剖面（与中国常模比较）' : '维度均分');
      chart(
        {
          legend: { top: 0 },
          grid: { left: 40, right: 16, top: 30, bottom: 60 },
          xAxis: { type: 'category', data: c.dimensions.map((d) => d.name), axisLabel: { rotate: 30 } },
          yAxis: { type: 'value' },
          series: [
            {
              name: '本组均分',
              type: 'bar',
              data: c.dimensions.map((d) => d.mean),
              color: TEAL,
              barMaxWidth: 28,
            },
            ...(c.dimensions.some((d) => d.norm)
              ? [
                  {
                    name: '中国常模',
                    type: 'line',
                    data: c.dimensions.map((d) => d.norm?.mean ?? null),
                    color: '#fa8c16',
                  },
                ]
              : []),
          ],
        },
        240,
      );
      table(
        ['维度', '本组均分', '常模均值', '常模标准差'],
        c.dimensions.map((d) => [d.name, d.mean, d.norm?.mean ?? '—', d.norm?.sd ?? '—']),
      );
    }

    if (c.cross.gender.length) heading('分级 × 性别');
    const genders = [...new Set(c.cross.gender.map((x) => x.key))];
    const bandsOrder = [...new Set(c.cross.gender.map((x) => x.band))];
    if (c.cross.gender.length)
      table(
        ['分级', ...genders.map(crossKeyLabel.gender)],
        bandsOrder.map((b) => [
          b,
          ...genders.map((g) => c.cross.gender.find((x) => x.band === b && x.key === g)?.count ?? 0),
        ]),
      );
  }

  if (c.plans.length) {
    heading('方案完成情况');
    table(
      ['方案', '开始', '完成', '未完成（超过7天）', '完成率'],
      c.plans.map((p) => [
        p.title,
        p.started,
        p.completed,
        p.dropped,
        pct(p.started ? p.completed / p.started : null),
      ]),
    );
  }

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
  doc.end();
  return done;
}
