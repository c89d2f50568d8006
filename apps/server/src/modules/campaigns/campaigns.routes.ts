import {
  campaign,
  campaignCreateBody,
  campaignDetail,
  campaignEditBody,
  campaignIdParams,
  campaignListQuery,
  campaignPage,
  campaignPendingList,
  campaignReportQuery,
  campaignRemindResult,
  campaignRetestBody,
  campaignRetestCandidateList,
  campaignStaffMemberList,
  campaignStartBody,
  campaignStartResult,
  campaignUnitParams,
  campaignOutcomes,
  campaignWarningAuditPage,
  campaignWarningContactBody,
  campaignWarningIdParams,
  campaignWarningItem,
  campaignWarningPage,
  campaignWarningsAuditQuery,
  campaignWarningsQuery,
  myCampaignList,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ok, PDF_TYPE, sendDownload, XLSX_TYPE } from '../../lib/reply';
import type { CampaignReportInput } from './campaigns.report';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const doc = describe({ tags: ['campaigns'], security: secured });

/** A report route's schema: the file answers 200 as xlsx or PDF, not as an envelope. */
const reportDoc = (summary: string) =>
  doc.download(summary, {
    params: campaignIdParams,
    query: campaignReportQuery,
    types: [XLSX_TYPE, PDF_TYPE],
    file: 'Excel（format=xlsx，默认）或 PDF（format=pdf）文件',
  });

/** The report as the asked format: the workbook or the PDF, with the same content. */
async function sendReport(reply: FastifyReply, r: CampaignReportInput, format: 'xlsx' | 'pdf') {
  // Loaded on first use, not at start (issue 18): the report writers and ExcelJS, pdfkit and
  // ECharts are a chunk of their own in the server bundle.
  const { campaignReportNames, campaignReportPdf, campaignReportXlsx } = await import('./campaigns.report');
  const { ascii, name } = campaignReportNames(r, format);
  return format === 'pdf'
    ? sendDownload(reply, PDF_TYPE, ascii, name, await campaignReportPdf(r))
    : sendDownload(reply, XLSX_TYPE, ascii, name, await campaignReportXlsx(r));
}

/** 筛查活动: auditors run them, members take them, unit staff follow their units' completion. */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { campaigns, campaignWarnings } = app.deps.services;
  /** A report's content with this site's name, made now. */
  const report = (content: Pick<CampaignReportInput, 'scope' | 'outcomes' | 'warnings'>) => ({
    ...content,
    siteName: app.deps.config.site.name,
    generatedAt: app.deps.clock(),
  });
  /** A reminder's answer: how many were reminded (auditors and unit staff alike). */
  const reminded = <T extends { reminded: number }>(out: T) => ok(out, `已提醒${out.reminded}人`);

  // ---- auditors and admins ----
  await audience(app, app.requireRole('auditor', 'admin'), (audit) => {
    audit.get(
      '/api/audit/campaigns',
      doc('筛查活动列表（含完成进度）', { query: campaignListQuery, reply: campaignPage }),
      async (req) => ok(await campaigns.list(currentUser(req), req.query)),
    );
    audit.post(
      '/api/audit/campaigns',
      doc('新建筛查活动（草稿）', { body: campaignCreateBody, reply: campaign }),
      async (req) => ok(await campaigns.create(currentUser(req), req.body), '活动已创建'),
    );
    audit.get(
      '/api/audit/campaigns/:id',
      doc('筛查活动详情：各单位完成情况（已完成 / 进行中 / 未开始）', {
        params: campaignIdParams,
        reply: campaignDetail,
      }),
      async (req) => ok(await campaigns.detail(currentUser(req), req.params.id)),
    );
    audit.put(
      '/api/audit/campaigns/:id',
      doc('修改草稿', { params: campaignIdParams, body: campaignEditBody, reply: campaign }),
      async (req) => ok(await campaigns.edit(currentUser(req), req.params.id, req.body), '活动已保存'),
    );
    audit.post(
      '/api/audit/campaigns/:id/open',
      doc('发布活动：通知每位参与成员（站内通知与短信）', {
        params: campaignIdParams,
        reply: campaign.extend({ notified: z.number().int(), sms: z.number().int() }),
      }),
      async (req) => {
        const out = await campaigns.open(currentUser(req), req.params.id);
        return ok(out, `活动已发布，已通知${out.notified}人`);
      },
    );
    audit.post(
      '/api/audit/campaigns/:id/close',
      doc('结束活动', { params: campaignIdParams, reply: campaign }),
      async (req) => ok(await campaigns.close(currentUser(req), req.params.id), '活动已结束'),
    );
    audit.get(
      '/api/audit/campaigns/:id/units/:unitId/pending',
      doc('某单位（含下级单位）未完成的成员', { params: campaignUnitParams, reply: campaignPendingList }),
      async (req) => ok(await campaigns.pending(currentUser(req), req.params.id, req.params.unitId)),
    );
    audit.post(
      '/api/audit/campaigns/:id/remind',
      doc('一键提醒未完成的成员（每个活动限时一次）', {
        params: campaignIdParams,
        reply: campaignRemindResult,
      }),
      async (req) => reminded(await campaigns.remind(currentUser(req), req.params.id)),
    );
    audit.get(
      '/api/audit/campaigns/:id/retest-candidates',
      doc('复测名单：活动中有预警的人（最高预警等级、已列入的复测）', {
        params: campaignIdParams,
        reply: campaignRetestCandidateList,
      }),
      async (req) => ok(await campaigns.retestCandidates(currentUser(req), req.params.id)),
    );
    audit.post(
      '/api/audit/campaigns/:id/retests',
      doc('安排复测：为有预警的人新建一个复测活动（草稿，同一方案或量表）', {
        params: campaignIdParams,
        body: campaignRetestBody,
        reply: campaign,
      }),
      async (req) =>
        ok(
          await campaigns.scheduleRetest(currentUser(req), req.params.id, req.body),
          '复测已创建，发布后通知名单中的人',
        ),
    );
    audit.get(
      '/api/audit/campaigns/:id/warnings',
      doc('活动的预警与分级处置记录（逐级上报、首次联系）', {
        params: campaignIdParams,
        query: campaignWarningsAuditQuery,
        reply: campaignWarningAuditPage,
      }),
      async (req) => ok(await campaignWarnings.auditList(currentUser(req), req.params.id, req.query)),
    );
    audit.get(
      '/api/audit/campaigns/:id/outcomes',
      doc('处置成效：各单位与合计的预警数、24/72 小时内联系、首次联系用时、转介、复测、好转、结案', {
        params: campaignIdParams,
        reply: campaignOutcomes,
      }),
      async (req) => ok(await campaignWarnings.auditOutcomes(currentUser(req), req.params.id)),
    );
    audit.get(
      '/api/audit/campaigns/:id/report',
      reportDoc(
        '筛查报告（心理中心版，xlsx 或 pdf）：各单位完成情况、风险等级、预警处置成效与预警名单（不含作答与分数）；unitId 只报告该单位（含下级单位）',
      ),
      async (req, reply) => {
        const actor = currentUser(req);
        const { format, unitId } = req.query;
        const scope = await campaigns.report(actor, req.params.id, unitId);
        const [outcomes, warnings] = await Promise.all([
          campaignWarnings.outcomesOf(req.params.id, scope.roots),
          campaignWarnings.auditAll(actor, req.params.id, scope.unitIds),
        ]);
        return sendReport(reply, report({ scope, outcomes, warnings }), format);
      },
    );
  });

  // ---- signed in: members take them, unit staff follow their units ----
  await audience(app, app.authenticate, (me) => {
    me.get(
      '/api/campaigns/mine',
      doc('我的筛查（进行中的、面向我的活动）', { reply: myCampaignList }),
      async (req) => ok(await campaigns.mine(currentUser(req))),
    );
    me.post(
      '/api/campaigns/:id/start',
      doc('开始（或继续）筛查：按活动的方案或量表创建测评', {
        params: campaignIdParams,
        body: campaignStartBody,
        reply: campaignStartResult,
      }),
      async (req) => ok(await campaigns.start(currentUser(req), req.params.id)),
    );
    me.get(
      '/api/org/my/campaigns',
      doc('涉及我负责的单位的筛查活动（仅含我的单位的进度）', { reply: z.array(campaign) }),
      async (req) => ok(await campaigns.staffList(currentUser(req))),
    );
    me.get(
      '/api/org/my/campaigns/:id',
      doc('筛查活动在我负责的单位的完成情况；不涉及我的单位答 404', {
        params: campaignIdParams,
        reply: campaignDetail,
      }),
      async (req) => ok(await campaigns.staffDetail(currentUser(req), req.params.id)),
    );
    me.get(
      '/api/org/my/campaigns/:id/units/:unitId/members',
      doc('我负责的单位的成员：完成状态与风险等级（不含作答与分数）', {
        params: campaignUnitParams,
        reply: campaignStaffMemberList,
      }),
      async (req) => ok(await campaigns.staffMembers(currentUser(req), req.params.id, req.params.unitId)),
    );
    me.post(
      '/api/org/my/campaigns/:id/remind',
      doc('一键提醒我负责的单位中未完成的成员（每人限时一次）', {
        params: campaignIdParams,
        reply: campaignRemindResult,
      }),
      async (req) => reminded(await campaigns.staffRemind(currentUser(req), req.params.id)),
    );
    me.get(
      '/api/org/my/campaigns/:id/units/:unitId/pending',
      doc('我负责的单位中未完成的成员', { params: campaignUnitParams, reply: campaignPendingList }),
      async (req) => ok(await campaigns.staffPending(currentUser(req), req.params.id, req.params.unitId)),
    );
    me.get(
      '/api/org/my/campaigns/:id/outcomes',
      doc('我负责的单位在该活动中的处置成效（仅数字）；不涉及我的单位答 404', {
        params: campaignIdParams,
        reply: campaignOutcomes,
      }),
      async (req) => ok(await campaignWarnings.staffOutcomes(currentUser(req), req.params.id)),
    );
    me.get(
      '/api/org/my/campaigns/:id/report',
      reportDoc(
        '筛查报告（单位版，xlsx 或 pdf）：我负责的单位的完成情况、风险等级与处置成效，仅含数字、不含姓名；unitId 只报告我负责的其中一个单位（含下级单位）',
      ),
      async (req, reply) => {
        const { format, unitId } = req.query;
        const scope = await campaigns.staffReport(currentUser(req), req.params.id, unitId);
        const outcomes = await campaignWarnings.outcomesOf(req.params.id, scope.roots);
        return sendReport(reply, report({ scope, outcomes }), format);
      },
    );
    me.get(
      '/api/org/my/warnings',
      doc('我负责的单位的筛查预警：成员、单位、等级、联系时限、状态（不含作答与分数）', {
        query: campaignWarningsQuery,
        reply: campaignWarningPage,
      }),
      async (req) => ok(await campaignWarnings.staffList(currentUser(req), req.query)),
    );
    me.post(
      '/api/org/my/warnings/:id/contact',
      doc('记录首次联系（每条预警一次）：停止逐级上报', {
        params: campaignWarningIdParams,
        body: campaignWarningContactBody,
        reply: campaignWarningItem,
      }),
      async (req) =>
        ok(await campaignWarnings.contact(currentUser(req), req.params.id, req.body), '已记录首次联系'),
    );
  });
};
