import {
  statsCenter,
  statsFilterQuery,
  statsOptions,
  statsScreen,
  statsScreenCampaigns,
  statsScreenQuery,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, PDF_TYPE, sendDownload, XLSX_TYPE } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const tags = ['statistics'];
const doc = describe({ tags, security: secured });

/** The big screen, the data centre, its Excel export and group report: experts, auditors, admins. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { statistics } = app.deps.services;

  await audience(app, app.requireRole('expert', 'auditor', 'admin'), (staff) => {
    staff.get(
      '/api/stats/screen',
      doc('心理预警大屏数据（按调用者的数据范围）', { query: statsScreenQuery, reply: statsScreen }),
      async (req) => ok(await statistics.screen(currentUser(req), req.query.scope)),
    );
    staff.get(
      '/api/stats/screen/campaigns',
      doc('心理预警大屏：进行中的筛查活动与完成进度（按调用者的数据范围，仅含数字）', {
        query: statsScreenQuery,
        reply: statsScreenCampaigns,
      }),
      async (req) => ok(await statistics.screenCampaigns(currentUser(req), req.query.scope)),
    );
    staff.get('/api/stats/options', doc('测评数据中心的筛选项', { reply: statsOptions }), async (req) =>
      ok(await statistics.options(currentUser(req))),
    );
    staff.get(
      '/api/stats/center',
      doc('测评数据中心：按筛选条件统计', { query: statsFilterQuery, reply: statsCenter }),
      async (req) => ok(await statistics.center(currentUser(req), req.query)),
    );
    staff.get(
      '/api/stats/export.xlsx',
      doc.download('导出测评数据（Excel，流式写出；非审核员导出时姓名与手机号脱敏）', {
        query: statsFilterQuery,
        types: [XLSX_TYPE],
        file: 'Excel 文件',
      }),
      async (req, reply) => {
        const { filename, stream } = await statistics.exportXlsx(currentUser(req), req.query, req.ip);
        return sendDownload(reply, XLSX_TYPE, 'assessments.xlsx', filename, stream);
      },
    );
    staff.get(
      '/api/stats/report.pdf',
      doc.download('团体测评报告 PDF', {
        query: statsFilterQuery,
        types: [PDF_TYPE],
        file: 'PDF 文件（application/pdf）',
      }),
      async (req, reply) => {
        const { filename, pdf } = await statistics.groupReportPdf(currentUser(req), req.query, req.ip);
        return sendDownload(reply, PDF_TYPE, 'group-report.pdf', filename, pdf);
      },
    );
  });
};
