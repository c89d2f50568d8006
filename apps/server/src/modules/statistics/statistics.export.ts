import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { genderLabels, maskName, regionName } from '@psy/contracts';
import ExcelJS from 'exceljs';
import { maskPhone } from '../../lib/crypto';
import { SHANGHAI_OFFSET_MS } from '../../lib/time';
import { parseDefinition } from '../scales';
import type { statisticsRepository } from './statistics.repository';

type ExportRow = Awaited<ReturnType<typeof statisticsRepository.exportPage>>[number];

/** "2026-11-20 10:05" in Shanghai time. */
function shanghaiText(t: Date | string): string {
  return new Date(new Date(t).getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Writes the export workbook into `out` with exceljs' streaming writer: every row is
 * committed (serialised into the zip) as soon as it is added, so only one page of rows is
 * ever held, however many the export has.
 */
export async function writeExportWorkbook(
  out: Writable,
  input: {
    scale: { name: string; shortName: string };
    definition: unknown;
    masked: boolean;
    pages: () => AsyncGenerator<ExportRow[]>;
  },
): Promise<void> {
  const def = input.definition ? parseDefinition(input.definition) : null;
  const dims = def?.dimensions.map((d) => ({ key: d.key, name: d.name })) ?? [];
  const items = def?.items.map((i) => i.number) ?? [];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = '心理测评与咨询平台';
  const sheet = workbook.addWorksheet(input.scale.shortName.slice(0, 31) || '测评数据', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: '测评编号', width: 10 },
    { header: '测评名称', width: 24 },
    { header: '姓名', width: 10 },
    { header: '手机号', width: 14 },
    { header: '性别', width: 6 },
    { header: '年龄', width: 6 },
    { header: '所在地区', width: 26 },
    { header: '所属机构', width: 24 },
    { header: '开始时间', width: 17 },
    { header: '提交时间', width: 17 },
    { header: '用时（秒）', width: 10 },
    { header: '原始分', width: 8 },
    { header: '标准分', width: 8 },
    { header: '结果分级', width: 12 },
    { header: '筛查阳性', width: 9 },
    { header: '预警', width: 30 },
    ...dims.map((d) => ({ header: d.name, width: 10 })),
    ...items.map((n) => ({ header: `第${n}题`, width: 7 })),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const page of input.pages()) {
    for (const r of page) {
      const b = r.basicInfo ?? {};
      const name = b.name || r.accountName;
      const phone = b.phone || r.telephone;
      const res = r.result;
      const dimScore = new Map(res.dimensions.map((d) => [d.key, d.score]));
      sheet
        .addRow([
          r.assessmentId,
          r.title,
          input.masked ? maskName(name) : name,
          input.masked ? maskPhone(phone) : phone,
          b.gender === 'male' || b.gender === 'female' ? genderLabels[b.gender] : '',
          b.age ?? '',
          b.regionCode ? (regionName(b.regionCode) ?? b.regionCode) : '',
          r.institution ?? '',
          shanghaiText(r.startedAt),
          shanghaiText(r.submittedAt),
          r.durationSeconds ?? '',
          res.rawScore,
          res.standardScore ?? '',
          res.band?.label ?? '',
          res.positive ? '是' : '否',
          res.alerts.map((a) => `${a.level}级：${a.reason}`).join('；'),
          ...dims.map((d) => dimScore.get(d.key) ?? ''),
          ...items.map((n) => res.itemValues[n - 1] ?? ''),
        ])
        .commit();
    }
    // Backpressure: a slow client holds the next page back instead of it piling up in memory.
    if (out.destroyed) return;
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  }
  sheet.commit();
  await workbook.commit();
}
