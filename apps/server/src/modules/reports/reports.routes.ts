import {
  fullReport,
  idParam,
  order,
  reportApprovalPage,
  reportApprovalsQuery,
  reportDecisionBody,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, PDF_TYPE, sendDownload } from '../../lib/reply';
import { reviewDecisionRoute } from '../../lib/review-route';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const idParams = z.object({ id: idParam() });
const tags = ['report'];
const doc = describe({ tags, security: secured });

/** The full report for its owner; approval for experts and auditors. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app.deps.services;

  // ---- the person who took the test ----
  await audience(app, app.authenticate, (owner) => {
    owner.post(
      '/api/assessment/:id/report/order',
      doc('购买完整报告：生成订单', { params: idParams, reply: order }),
      async (req) => ok(await reports.order(currentUser(req), req.params.id)),
    );
    owner.get(
      '/api/assessment/:id/report',
      doc('完整报告（已购买且已审核）', { params: idParams, reply: fullReport }),
      async (req) => ok(await reports.full(currentUser(req), req.params.id)),
    );
    owner.get(
      '/api/assessment/:id/report.pdf',
      doc.download('下载完整报告 PDF', {
        params: idParams,
        types: [PDF_TYPE],
        file: 'PDF 文件（application/pdf）',
      }),
      async (req, reply) => {
        const report = await reports.full(currentUser(req), req.params.id);
        // Loaded on first use, not at start (issue 18): the writer, pdfkit and ECharts are a chunk of their own.
        const { renderReportPdf } = await import('./report-pdf');
        const pdf = await renderReportPdf({ report, siteName: app.deps.config.site.name });
        const name = `${report.result.title}-测评报告.pdf`;
        return sendDownload(reply, PDF_TYPE, `report-${req.params.id}.pdf`, name, pdf);
      },
    );
  });

  // ---- experts and auditors ----
  await audience(app, app.requireRole('expert', 'auditor', 'admin'), (pro) => {
    pro.get(
      '/api/expert/report-approvals',
      doc('需审批的报告（分页，附各状态数量）', { query: reportApprovalsQuery, reply: reportApprovalPage }),
      async (req) => ok(await reports.approvals(currentUser(req), req.query)),
    );
    reviewDecisionRoute(pro, doc, '/api/expert/report-approvals/:id', {
      summary: '审批报告：通过或退回',
      params: idParams,
      body: reportDecisionBody,
      decide: (me, id, decision) => reports.decide(me, id, decision),
      approved: '报告已通过',
      rejected: '报告已退回',
    });
  });
};
