import {
  orgInstitutionQuery,
  orgMember,
  orgMemberIdParams,
  orgMemberPage,
  orgMembersQuery,
  orgMessages,
  orgStaff,
  orgStaffBody,
  orgStaffList,
  orgStaffParams,
  orgUnit,
  orgUnitCreateBody,
  orgUnitEditBody,
  orgUnitIdParams,
  orgUnitList,
  ROSTER_MAX_BYTES,
  rosterErrorReportBody,
  rosterImportResult,
} from '@psy/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { done, ok, sendDownload, XLSX_TYPE } from '../../lib/reply';
import { audience, describe, type ZodApp } from '../../lib/routes';
import { currentUser, secured } from '../auth';
import type { OrgService } from './org.service';
/** The roster workbooks, loaded on first use, not at start (issue 18): with ExcelJS, a chunk of their own. */
const xlsx = () => import('./org.xlsx');

const doc = describe({ tags: ['org'], security: secured });
const sendXlsx = (reply: FastifyReply, name: string, data: Buffer) =>
  sendDownload(reply, XLSX_TYPE, 'roster.xlsx', name, data);

/** The management routes (tree, roster, unit staff) under `base`; the service checks the institution. */
function manageRoutes(scope: ZodApp, base: string, org: OrgService) {
  scope.get(
    `${base}/units`,
    doc('机构的单位树（平铺，含各单位直属成员数）', { query: orgInstitutionQuery, reply: orgUnitList }),
    async (req) => ok(await org.units(currentUser(req), req.query.institutionId)),
  );
  scope.post(`${base}/units`, doc('新建单位', { body: orgUnitCreateBody, reply: orgUnit }), async (req) =>
    ok(await org.createUnit(currentUser(req), req.body), '单位已创建'),
  );
  scope.put(
    `${base}/units/:id`,
    doc('重命名、修改类型或移动单位', { params: orgUnitIdParams, body: orgUnitEditBody, reply: orgUnit }),
    async (req) => ok(await org.editUnit(currentUser(req), req.params.id, req.body), '单位已保存'),
  );
  scope.delete(
    `${base}/units/:id`,
    doc('删除单位（仅限没有下级单位和成员的单位）', { params: orgUnitIdParams, reply: z.null() }),
    async (req) => done(org.deleteUnit(currentUser(req), req.params.id), '单位已删除'),
  );
  scope.get(
    `${base}/members`,
    doc('名单成员：某单位（含下级单位）或整个机构，按姓名、手机号、学号/工号搜索', {
      query: orgMembersQuery,
      reply: orgMemberPage,
    }),
    async (req) => ok(await org.members(currentUser(req), req.query)),
  );
  scope.get(`${base}/roster/template`, doc('下载名单模板（xlsx）'), async (_req, reply) =>
    sendXlsx(reply, '名单模板.xlsx', await (await xlsx()).rosterTemplate()),
  );
  scope.post(
    `${base}/roster/errors`,
    doc('下载名单错误报告（xlsx：被拒绝的行及原因）', { body: rosterErrorReportBody }),
    async (req, reply) =>
      sendXlsx(reply, '名单错误报告.xlsx', await (await xlsx()).rosterErrorReport(req.body.badRows)),
  );
  scope.post(
    `${base}/roster`,
    doc.upload(
      `导入名单（multipart 字段 file；xlsx，${ROSTER_MAX_BYTES / 1024 / 1024} MB 以内）：全部正确才写入，否则返回错误行`,
      { query: orgInstitutionQuery, reply: rosterImportResult },
    ),
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', '请以 multipart/form-data 上传名单');
      const file = await req.file({ limits: { fileSize: ROSTER_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError('BAD_REQUEST', orgMessages.noFile);
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw new AppError('TOO_LARGE', orgMessages.fileTooLarge);
      }
      const result = await org.importRoster(currentUser(req), req.query.institutionId, data, req.ip ?? null);
      return ok(
        result,
        result.ok
          ? `导入完成：新增${result.created}人，更新${result.updated}人`
          : `有${result.badRows.length}行有误，未导入任何数据`,
      );
    },
  );
  scope.get(
    `${base}/units/:id/staff`,
    doc('单位负责人', { params: orgUnitIdParams, reply: orgStaffList }),
    async (req) => ok(await org.staff(currentUser(req), req.params.id)),
  );
  scope.post(
    `${base}/units/:id/staff`,
    doc('添加单位负责人（按手机号；账号不存在时创建，短信验证码登录）', {
      params: orgUnitIdParams,
      body: orgStaffBody,
      reply: orgStaff,
    }),
    async (req) =>
      ok(
        await org.addStaff(currentUser(req), req.params.id, req.body.telephone, req.ip ?? null),
        '负责人已添加',
      ),
  );
  scope.delete(
    `${base}/units/:id/staff/:userId`,
    doc('移除单位负责人', { params: orgStaffParams, reply: z.null() }),
    async (req) =>
      done(
        org.removeStaff(currentUser(req), req.params.id, req.params.userId, req.ip ?? null),
        '负责人已移除',
      ),
  );
}

/** 组织与名单: auditors build units, import rosters and assign unit staff; unit staff read their own units. */
export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const { org } = app.deps.services;

  // ---- auditors and admins: every institution ----
  await audience(app, app.requireRole('auditor', 'admin'), (audit) =>
    manageRoutes(audit, '/api/audit/org', org),
  );
  // ---- an institution's own experts: that institution only (anything else answers 404) ----
  await audience(app, app.requireRole('expert'), (expert) => manageRoutes(expert, '/api/expert/org', org));

  // ---- unit staff (any signed-in account assigned to units): only their units ----
  await audience(app, app.authenticate, (staff) => {
    staff.get('/api/org/my/units', doc('我负责的单位（含下级单位）', { reply: orgUnitList }), async (req) =>
      ok(await org.myUnits(currentUser(req))),
    );
    staff.get(
      '/api/org/my/members',
      doc('我负责的单位的成员；不属于我的单位答 404', { query: orgMembersQuery, reply: orgMemberPage }),
      async (req) => ok(await org.myMembers(currentUser(req), req.query)),
    );
    staff.get(
      '/api/org/my/members/:id',
      doc('成员详情（仅限我负责的单位）', { params: orgMemberIdParams, reply: orgMember }),
      async (req) => ok(await org.myMember(currentUser(req), req.params.id)),
    );
  });
};
