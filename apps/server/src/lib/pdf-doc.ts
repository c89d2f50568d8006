import PDFDocument from 'pdfkit';
import { chartSvg, drawSvg, PDF_CHINESE_FONT, type ChartOption } from './pdf-charts';

export const PDF_TEAL = '#0e8f8f';
export const PDF_GREY = '#666666';

/** The embedded Chinese font's name inside every document `openPdf` makes. */
const FONT = 'cn';

export interface PdfTableOptions {
  /** Column widths in points; by default the first column (names) is as wide as its longest name. */
  widths?: number[];
  fontSize?: number;
  /** Lines a header cell may wrap to (default 1: one line, an ellipsis when too long). */
  headLines?: number;
  /** Rows drawn in the heading colour (a total row). */
  strong?: (row: (string | number)[], index: number) => boolean;
  /** Alignment of every column but the first (default left). */
  align?: 'left' | 'right' | 'center';
}

/**
 * An A4 pdfkit document with the embedded Chinese font and the few pieces every report of the
 * platform is made of: section headings, ECharts charts drawn as vectors, simple tables. Used by
 * the group report (statistics) and the campaign report (campaigns); `finish()` ends the
 * document and answers its bytes.
 */
export function openPdf(opts: { title: string; author: string; margin?: number }) {
  const margin = opts.margin ?? 50;
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    info: { Title: opts.title, Author: opts.author },
  });
  doc.registerFont(FONT, PDF_CHINESE_FONT);
  doc.font(FONT);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  /** The width between the margins of the first page (portrait). */
  const width = doc.page.width - 2 * margin;
  /** The width between the margins of the current page. */
  const pageWidth = () => doc.page.width - 2 * margin;
  let layout: 'portrait' | 'landscape' = 'portrait';

  /** A new page, portrait or landscape; later pages follow it until told otherwise. */
  const newPage = (next: 'portrait' | 'landscape' = layout) => {
    layout = next;
    doc.addPage({ size: 'A4', margin, layout });
  };

  /** A new page unless `h` points still fit on this one. */
  const ensure = (h: number) => {
    if (doc.y + h > doc.page.height - margin) newPage();
  };

  /** A section title, on a new page unless `keep` points (the title and what follows) still fit. */
  const heading = (text: string, keep = 60) => {
    ensure(keep);
    doc.moveDown(0.8).fillColor(PDF_TEAL).fontSize(14).text(text, margin);
    doc
      .moveTo(margin, doc.y + 2)
      .lineTo(margin + pageWidth(), doc.y + 2)
      .strokeColor('#b5f5ec')
      .stroke();
    doc.moveDown(0.5).fillColor('#000').fontSize(10.5);
  };

  /** An ECharts chart across the page, `h` points high. */
  const chart = (option: ChartOption, h = 220) => {
    ensure(h + 10);
    const y = doc.y;
    const w = pageWidth();
    // Rendered at the size it is drawn (1 px = 1 pt): nothing is scaled, labels stay inside.
    drawSvg(doc, chartSvg(option, Math.round(w), h), margin, y, { width: w, height: h, font: FONT });
    doc.x = margin;
    doc.y = y + h + 6;
  };

  /**
   * A simple table: header row, then rows, one line per cell (a value too long for its column
   * ends in an ellipsis). Without `widths`, the first column (names: a band, a plan, a unit) is as
   * wide as its longest name (at most 40 % of the width) and the others share the rest. The
   * header never ends a page, and is drawn again at the top of a page the rows run onto.
   */
  const table = (head: string[], rows: (string | number)[][], o: PdfTableOptions = {}) => {
    const size = o.fontSize ?? 9.5;
    const rowH = Math.round(size * 1.6);
    const headLines = o.headLines ?? 1;
    doc.fontSize(size);
    let widths = o.widths;
    if (!widths) {
      const width = pageWidth();
      const widest = Math.max(...[head, ...rows].map((r) => doc.widthOfString(String(r[0] ?? ''))));
      const first =
        head.length > 2
          ? Math.min(width * 0.4, Math.max(width / head.length, widest + 8))
          : width / head.length;
      const rest = head.length > 1 ? (width - first) / (head.length - 1) : 0;
      widths = head.map((_, i) => (i === 0 ? first : rest));
    }
    const lefts = widths.map((_, i) => margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const headH = headLines > 1 ? Math.ceil(size * 1.25 * headLines) + 4 : rowH;
    const line = (cells: (string | number)[], color: string, h: number, wrap: boolean) => {
      const y = doc.y;
      cells.forEach((cell, i) => {
        doc
          .fillColor(color)
          .fontSize(size)
          .text(String(cell), lefts[i]! + 2, y, {
            width: widths[i]! - 4,
            height: wrap ? h : size * 1.7,
            lineBreak: wrap,
            ellipsis: true,
            align: i === 0 ? 'left' : (o.align ?? 'left'),
          });
      });
      doc.x = margin;
      doc.y = y + h;
    };
    const header = () => line(head, PDF_TEAL, headH, headLines > 1);
    ensure(headH + rowH * Math.min(rows.length, 3) + 3);
    header();
    rows.forEach((r, i) => {
      if (doc.y + rowH + 3 > doc.page.height - margin) {
        newPage();
        header();
      }
      line(r, o.strong?.(r, i) ? PDF_TEAL : '#333', rowH, false);
    });
    doc.fillColor('#000');
  };

  /** A paragraph across the page. */
  const para = (text: string, o: { size?: number; color?: string } = {}) => {
    doc
      .fontSize(o.size ?? 10.5)
      .fillColor(o.color ?? '#000')
      .text(text, margin, doc.y, { width: pageWidth(), lineGap: 2 });
  };

  const finish = (): Promise<Buffer> => {
    doc.end();
    return done;
  };

  return { doc, width, pageWidth, margin, newPage, ensure, heading, chart, table, para, finish };
}
export type PdfWriter = ReturnType<typeof openPdf>;
