import ExcelJS from 'exceljs';
import {
  campaignStatusLabels,
  campaignWarningStateLabels,
  warningRiskLabels,
  type CampaignDetail,
  type CampaignOutcomeFigures,
  type CampaignOutcomes,
  type CampaignWarningItem,
} from '@psy/contracts';
import { formatDateTime } from '../../lib/time';

const rate = (n: number, total: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);

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

function sheet(wb: ExcelJS.Workbook, name: string, headers: string[], widths: number[]) {
  const ws = wb.addWorksheet(name);
  ws.columns = headers.map((header, i) => ({ header, width: widths[i] ?? 12 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return ws;
}

/**
 * 筛查报告.xlsx: the campaign's completion and what came of its warnings, per target unit and in
 * total. Unit leaders get figures only; the centre's copy (`warnings`) adds the warning list with
 * names, units, levels and first contacts — never answers or scores.
 */
export async function campaignReport(
  c: CampaignDetail,
  outcomes: CampaignOutcomes,
  warnings?: CampaignWarningItem[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '心理测评与咨询平台';

  const about = sheet(wb, '活动', ['项目', '内容'], [16, 60]);
  about.addRows([
    ['活动名称', c.title],
    ['状态', campaignStatusLabels[c.status]],
    ['时间', `${formatDateTime(c.opensAt)} 至 ${formatDateTime(c.closesAt)}`],
    ['参与单位', c.units.map((u) => u.unitName).join('、')],
    ['导出时间', formatDateTime(new Date())],
    ['说明', warnings ? '心理中心版：含预警名单（不含作答与分数）' : '单位版：仅含统计数字，不含姓名'],
  ]);

  const done = sheet(
    wb,
    '完成情况',
    ['单位', '参与人数', '已完成', '进行中', '未开始', '完成率（%）'],
    [28, 10, 10, 10, 10, 12],
  );
  for (const u of c.units)
    done.addRow([u.unitName, u.total, u.completed, u.started, u.notStarted, rate(u.completed, u.total)]);
  const p = c.progress;
  done.addRow(['合计', p.total, p.completed, p.started, p.notStarted, rate(p.completed, p.total)]).font = {
    bold: true,
  };

  const handled = sheet(wb, '预警处置', ['单位', ...outcomeColumns.map(([, label]) => label)], [28]);
  const figures = (f: CampaignOutcomeFigures) => outcomeColumns.map(([key]) => f[key] ?? '—');
  for (const u of outcomes.units) handled.addRow([u.unitName, ...figures(u)]);
  handled.addRow(['合计', ...figures(outcomes.total)]).font = { bold: true };

  if (warnings) {
    const list = sheet(
      wb,
      '预警名单',
      ['姓名', '学号/工号', '单位', '等级', '预警时间', '当前处置单位', '联系时限', '状态', '首次联系'],
      [10, 14, 28, 8, 18, 16, 18, 10, 18],
    );
    for (const w of warnings)
      list.addRow([
        w.memberName,
        w.memberNo,
        w.unitName,
        warningRiskLabels[w.level] ?? '',
        formatDateTime(w.routedAt),
        w.currentUnitName,
        w.dueAt ? formatDateTime(w.dueAt) : '—',
        campaignWarningStateLabels[w.state],
        w.contactedAt ? formatDateTime(w.contactedAt) : '—',
      ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
