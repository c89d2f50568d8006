import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import {
  auditCourseQuery,
  auditCourseRow,
  buyList,
  buyListQuery,
  buyResult,
  COURSE_COVER_MAX_BYTES,
  COURSE_VIDEO_MAX_BYTES,
  courseCatalogQuery,
  courseCoverResult,
  courseDetail,
  courseDraftBody,
  courseDraftView,
  courseOnlineBody,
  courseReview,
  courseReviewBody,
  courseReviewsQuery,
  courseSummary,
  courseVideo,
  idParam,
  lessonContent,
  lessonKey,
  myCourseRow,
  myLearning,
  page,
  progressBody,
  progressResult,
  savedCourse,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { done, ok, XLSX_TYPE } from '../../lib/reply';
import { reviewDecisionRoute } from '../../lib/review-route';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';
import { readUploadedImage } from '../uploads';
import { parseRange } from './range';

const idParams = z.object({ id: idParam({ label: '课程编号' }) });
const lessonParams = idParams.extend({ key: lessonKey });
const tags = ['course'];
const open = describe({ tags });
const doc = describe({ tags, security: secured });

/** Courses: the catalogue and learning, authoring (experts), review (auditors), and the media route. */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { courses } = app.deps.services;

  // ---- everyone (public pages that say more to a signed-in caller) ----
  await audience(app, app.identify, (pub) => {
    pub.get(
      '/api/course/list',
      open('课程目录：分类、排序（最新/最热/价格）、关键词', {
        query: courseCatalogQuery,
        reply: page(courseSummary),
      }),
      async (req) => ok(await courses.catalog(req.query)),
    );
    pub.get(
      '/api/course/featured',
      open('精品课程（首页）', {
        query: z.object({ limit: z.coerce.number().int().min(1).max(12).default(4) }),
        reply: z.array(courseSummary),
      }),
      async (req) => ok(await courses.featured(req.query.limit)),
    );
    pub.get(
      '/api/course/detail/:id',
      open('课程详情（登录后含我的进度）', { params: idParams, reply: courseDetail }),
      async (req) => ok(await courses.detail(req.user, req.params.id)),
    );
    pub.get(
      '/api/course/:id/reviews',
      open('课程评价', { params: idParams, query: courseReviewsQuery, reply: page(courseReview) }),
      async (req) => ok(await courses.reviews(req.params.id, req.query)),
    );
    pub.get(
      '/api/course/:id/lesson/:key',
      open('课时内容：视频的短时签名地址或图文；未购买仅可看试看课时（403）', {
        params: lessonParams,
        reply: lessonContent,
      }),
      async (req) => ok(await courses.lesson(req.user, req.params.id, req.params.key)),
    );
  });

  // Opened by <video>, which sends no headers: the signed, expiring URL is the permission.
  app.get(
    '/api/course/media/:id',
    open('课时视频（仅签名链接，短时有效；支持 Range 断点请求）', {
      params: z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, '视频编号不正确') }),
      query: z.object({ exp: z.coerce.number().int(), sig: z.string().max(128) }),
    }),
    async (req, reply) => {
      const file = await courses.mediaFile(req.params.id, req.query.exp, req.query.sig);
      if (!file) throw new AppError('FORBIDDEN', '视频链接已失效，请刷新页面后重试');
      const stat = await fs.stat(file).catch(() => null);
      if (!stat) throw new AppError('NOT_FOUND', '视频不存在');
      const size = stat.size;
      void reply
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, max-age=600')
        .header('Content-Security-Policy', "default-src 'none'")
        .type('video/mp4');
      const range = parseRange(req.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${size}`).type('text/plain').send('');
      }
      if (range === 'none') return reply.header('Content-Length', size).send(createReadStream(file));
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(createReadStream(file, { start: range.start, end: range.end }));
    },
  );

  // ---- learners ----
  await audience(app, app.authenticate, (me) => {
    me.post(
      '/api/course/buy/:id',
      doc('购买课程：付费课程生成订单（已有待支付订单则返回它），免费课程直接加入', {
        params: idParams,
        reply: buyResult,
      }),
      async (req) => {
        const r = await courses.buy(currentUser(req), req.params.id);
        return ok(r, r.joined ? '已加入学习' : '订单已生成');
      },
    );
    me.post(
      '/api/course/:id/progress',
      doc('保存学习进度（播放位置、观看时长；图文读完）', {
        params: idParams,
        body: progressBody,
        reply: progressResult,
      }),
      async (req) => ok(await courses.saveProgress(currentUser(req), req.params.id, req.body)),
    );
    me.get(
      '/api/course/mine',
      doc('我的课程：进度与上次学到的位置', { reply: z.array(myLearning) }),
      async (req) => ok(await courses.myLearning(currentUser(req))),
    );
    me.post(
      '/api/course/:id/review',
      doc('评价课程（仅学员，每人一次）', { params: idParams, body: courseReviewBody, reply: z.null() }),
      async (req) => done(courses.addReview(currentUser(req), req.params.id, req.body), '评价已发布'),
    );
    me.post(
      '/api/course/refund/:id',
      doc('申请退款（购买 7 天内且进度不足 30%），退款后不能再学习', { params: idParams, reply: z.null() }),
      async (req) => done(courses.refund(currentUser(req), req.params.id), '退款已受理，款项将原路退回'),
    );
  });

  // ---- the author and reviewers: the draft and its lessons ----
  await audience(app, app.requireRole('expert', 'auditor', 'admin'), (pro) => {
    pro.get(
      '/api/expert/course/:id',
      doc('课程草稿（作者或审核员）', { params: idParams, reply: courseDraftView }),
      async (req) => ok(await courses.draftOf(currentUser(req), req.params.id)),
    );
    pro.get(
      '/api/expert/course/:id/lesson/:key',
      doc('草稿中的课时（预览、审核）', { params: lessonParams, reply: lessonContent }),
      async (req) => ok(await courses.draftLesson(currentUser(req), req.params.id, req.params.key)),
    );
  });

  // ---- authoring (experts) ----
  await audience(app, app.requireRole('expert'), (expert) => {
    expert.get(
      '/api/expert/course/list',
      doc('我的课程（专家）：状态、学员数、收入', { reply: z.array(myCourseRow) }),
      async (req) => ok(await courses.mine(currentUser(req))),
    );
    expert.post(
      '/api/expert/course',
      doc('新建课程草稿', { body: courseDraftBody, reply: savedCourse }),
      async (req) => ok(await courses.create(currentUser(req), req.body), '已保存'),
    );
    expert.put(
      '/api/expert/course/:id',
      doc('保存课程草稿（已上架的课程在审核通过前仍显示原版本）', {
        params: idParams,
        body: courseDraftBody,
        reply: savedCourse,
      }),
      async (req) => ok(await courses.update(currentUser(req), req.params.id, req.body), '已保存'),
    );
    expert.post(
      '/api/expert/course/:id/submit',
      doc('提交审核', { params: idParams, reply: z.null() }),
      async (req) => done(courses.submit(currentUser(req), req.params.id), '已提交审核'),
    );
    expert.post(
      '/api/expert/course/cover',
      doc.upload('上传课程封面（multipart 字段 file；重新编码为 WebP 16:9）', {
        reply: courseCoverResult,
        bodyLimit: COURSE_COVER_MAX_BYTES + 64 * 1024,
      }),
      async (req) => {
        const data = await readUploadedImage(req, app.deps, currentUser(req).userId, {
          maxBytes: COURSE_COVER_MAX_BYTES,
          missing: '请选择封面图片',
        });
        return ok(await courses.uploadCover(data), '上传成功');
      },
    );
    expert.post(
      '/api/expert/course/video',
      doc.upload('上传课时视频（multipart 字段 file；MP4/MOV，500 MB 以内；时长从文件读取）', {
        reply: courseVideo,
        // The cap itself is counted as the file streams in (COURSE_VIDEO_MAX_MB); this only bounds the request.
        bodyLimit: Math.max(app.deps.config.courseVideoMaxBytes, COURSE_VIDEO_MAX_BYTES) + 64 * 1024,
      }),
      async (req) => {
        if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', '请以 multipart/form-data 上传视频');
        const file = await req.file({
          limits: { fileSize: app.deps.config.courseVideoMaxBytes, files: 1 },
          throwFileSizeLimit: false,
        });
        if (!file) throw new AppError('BAD_REQUEST', '请选择要上传的视频');
        try {
          return ok(
            await courses.uploadVideo(
              currentUser(req),
              file.file,
              file.filename,
              app.deps.config.courseVideoMaxBytes,
            ),
            '上传成功',
          );
        } finally {
          // Whatever was refused early is drained, so the answer reaches the client.
          file.file.resume();
        }
      },
    );
    expert.get(
      '/api/expert/course/buyList',
      doc('购买记录与月度汇总', { query: buyListQuery, reply: buyList }),
      async (req) => ok(await courses.buyList(currentUser(req), req.query)),
    );
    expert.get(
      '/api/expert/course/buyList/export',
      doc('导出购买记录（Excel）', { query: z.object({ courseId: idParam().optional() }) }),
      async (req, reply) => {
        const data = await courses.buyListWorkbook(currentUser(req), req.query.courseId);
        return reply
          .type(XLSX_TYPE)
          .header(
            'Content-Disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent('购买记录.xlsx')}`,
          )
          .send(data);
      },
    );
  });

  // ---- review (auditors) ----
  await audience(app, app.requireRole('auditor', 'admin'), (audit) => {
    audit.get(
      '/api/audit/course/list',
      doc('课程审核列表', { query: auditCourseQuery, reply: page(auditCourseRow) }),
      async (req) => ok(await courses.auditList(req.query)),
    );
    reviewDecisionRoute(audit, doc, '/api/audit/course/:id/review', {
      summary: '审核课程：通过（新版本上架）或驳回（须填原因）',
      params: idParams,
      decide: (me, id, decision) => courses.review(me, id, decision),
      approved: '审核通过，课程已上架',
    });
    audit.post(
      '/api/audit/course/:id/online',
      doc('课程上架或下架（已购学员仍可学习）', {
        params: idParams,
        body: courseOnlineBody,
        reply: z.null(),
      }),
      async (req) =>
        done(
          courses.setOnline(currentUser(req), req.params.id, req.body.online),
          req.body.online ? '课程已上架' : '课程已下架',
        ),
    );
  });
};
