import { formatFen, type PurchaseMonth, type PurchaseRecord } from '@psy/contracts';
import ExcelJS from 'exceljs';
import { SHANGHAI_OFFSET_MS } from '../../lib/time';

const yuan = (fen: number) => Number(formatFen(fen));
/** 2026-11-20 10:30, Beijing time. */
const when = (iso: string) =>
  new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** 购买记录 as an .xlsx workbook: one sheet of purchases, one of monthly totals (amounts in yuan). */
export async function purchasesWorkbook(rows: PurchaseRecord[], months: PurchaseMonth[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '心理测评与咨询平台';
  const list = wb.addWorksheet('购买记录');
  list.columns = [
    { header: '课程', key: 'course', width: 32 },
    { header: '学员', key: 'user', width: 12 },
    { header: '手机号', key: 'phone', width: 15 },
    { header: '购买时间', key: 'at', width: 18 },
    { header: '金额（元）', key: 'amount', width: 12, style: { numFmt: '0.00' } },
    { header: '状态', key: 'status', width: 10 },
    { header: '退款时间', key: 'refundedAt', width: 18 },
  ];
  for (const r of rows)
    list.addRow({
      course: r.courseTitle,
      user: r.userName,
      phone: r.telephone,
      at: when(r.joinedAt),
      amount: yuan(r.amountFen),
      status: r.status === 'refunded' ? '已退款' : r.amountFen === 0 ? '免费加入' : '已支付',
      refundedAt: r.refundedAt ? when(r.refundedAt) : '',
    });
  const sum = wb.addWorksheet('月度汇总');
  sum.columns = [
    { header: '月份', key: 'month', width: 10 },
    { header: '购买人数', key: 'count', width: 10 },
    { header: '收入（元）', key: 'amount', width: 12, style: { numFmt: '0.00' } },
    { header: '退款（元）', key: 'refund', width: 12, style: { numFmt: '0.00' } },
    { header: '净收入（元）', key: 'net', width: 12, style: { numFmt: '0.00' } },
  ];
  for (const m of months)
    sum.addRow({
      month: m.month,
      count: m.count,
      amount: yuan(m.amountFen),
      refund: yuan(m.refundFen),
      net: yuan(m.netFen),
    });
  for (const ws of [list, sum]) ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
