import {
  orgMessages,
  ROSTER_MAX_ROWS,
  ROSTER_MAX_UNPACKED_BYTES,
  rosterColumns,
  type RosterBadRow,
  type RosterRowInput,
} from '@psy/contracts';
import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const MAX_ENTRIES = 1000;

/**
 * What the zip's entries say they unpack to, read from its central directory without inflating
 * anything (the zip-bomb guard runs before exceljs sees the file). Throws 400 when the buffer is
 * not a zip (an xlsx is one) or uses ZIP64 (no roster needs it).
 */
export function zipUnpackedSize(buf: Buffer): number {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) throw badRequest(orgMessages.notXlsx);
  // The end-of-central-directory record: the last 22 bytes plus a comment of up to 64 KiB.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--)
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw badRequest(orgMessages.notXlsx);
  const entries = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || at === 0xffffffff || entries > MAX_ENTRIES) throw badRequest(orgMessages.notXlsx);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw badRequest(orgMessages.notXlsx);
    const size = buf.readUInt32LE(at + 24);
    if (size === 0xffffffff) throw badRequest(orgMessages.unpackedTooLarge);
    total += size;
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return total;
}

/** A cell as trimmed text: numbers without exponent (phones typed as numbers), rich text joined. */
function text(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return String(v.getFullYear());
  if ('richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('text' in v) return String(v.text).trim();
  if ('result' in v) return text(v.result as ExcelJS.CellValue);
  return '';
}

/**
 * The rows of a roster workbook's first sheet, after the guards: a zip that unpacks to at most
 * `ROSTER_MAX_UNPACKED_BYTES`, an xlsx exceljs can open, the template's header, 1 to
 * `ROSTER_MAX_ROWS` rows (blank rows skipped).
 */
export async function readRoster(buf: Buffer): Promise<RosterRowInput[]> {
  if (zipUnpackedSize(buf) > ROSTER_MAX_UNPACKED_BYTES) throw badRequest(orgMessages.unpackedTooLarge);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest(orgMessages.notXlsx);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest(orgMessages.noRows);
  const header = rosterColumns.map((_, i) => text(ws.getRow(1).getCell(i + 1).value));
  if (header.some((h, i) => h !== rosterColumns[i])) throw badRequest(orgMessages.badHeader);
  if (ws.actualRowCount - 1 > ROSTER_MAX_ROWS) throw badRequest(orgMessages.tooManyRows);
  const rows: RosterRowInput[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const c = (i: number) => text(r.getCell(i).value);
    const row = {
      row: n,
      name: c(1),
      telephone: c(2),
      memberNo: c(3),
      unitPath: c(4),
      gender: c(5),
      birthYear: c(6),
    };
    if (Object.values(row).every((v) => v === '' || typeof v === 'number')) return;
    rows.push(row);
  });
  if (rows.length > ROSTER_MAX_ROWS) throw badRequest(orgMessages.tooManyRows);
  if (rows.length === 0) throw badRequest(orgMessages.noRows);
  return rows;
}

function sheet(wb: ExcelJS.Workbook, name: string, extra: string[] = []) {
  const ws = wb.addWorksheet(name);
  ws.columns = [...rosterColumns, ...extra].map((header, i) => ({
    header,
    width: [12, 15, 16, 30, 8, 10, 8, 60][i],
    style: { numFmt: '@' },
  }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

/** 名单模板.xlsx: the header and two example rows (text cells, so phones keep their digits). */
export async function rosterTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '心理测评与咨询平台';
  const ws = sheet(wb, '名单');
  ws.addRow(['张三', '13900000001', '2026001', '心理学院/2026级/1班', '男', '2008']);
  ws.addRow(['李四', '13900000002', '2026002', '心理学院/2026级/2班', '女', '2008']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** 名单错误报告.xlsx: each refused row as it was, with its reasons. */
export async function rosterErrorReport(rows: RosterBadRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '心理测评与咨询平台';
  const ws = sheet(wb, '错误行', ['行号', '原因']);
  for (const r of rows)
    ws.addRow([
      r.name,
      r.telephone,
      r.memberNo,
      r.unitPath,
      r.gender,
      r.birthYear,
      String(r.row),
      r.reasons.join('；'),
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
