import { z } from 'zod';
import { idParam, page, pageQuery } from './common';
import { richTextHtml, richTextMessages } from './rich-text';
import { storedImageName } from './uploads';

import { newsCategories } from './constants';

export { newsCategories, newsCategoryLabels, type NewsCategory } from './constants';
export const newsCategory = z.enum(newsCategories, { error: '资讯分类不正确' });

/**
 * Stored lifecycle: draft -> published (now, or at a future time) -> offline. A published
 * article whose publish time is still ahead is shown to staff as `scheduled` and to nobody else.
 */
export const newsStatuses = ['draft', 'scheduled', 'published', 'offline'] as const;
export type NewsStatus = (typeof newsStatuses)[number];
export const newsStatusLabels: Record<NewsStatus, string> = {
  draft: '草稿',
  scheduled: '定时发布',
  published: '已发布',
  offline: '已下线',
};

export const NEWS_TITLE_MAX = 60;
export const NEWS_SUMMARY_MAX = 200;
/** Images one article body may hold. */
export const NEWS_BODY_IMAGES_MAX = 30;
/** Related articles shown under an article. */
export const NEWS_RELATED = 4;

export const newsListQuery = pageQuery.extend({ category: newsCategory.optional() });
export type NewsListQuery = z.infer<typeof newsListQuery>;

export const newsSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  summary: z.string(),
  category: newsCategory,
  pinned: z.boolean(),
  views: z.number().int(),
  publishedAt: z.string(),
});
export type NewsSummary = z.infer<typeof newsSummary>;

const neighbour = z.object({ id: z.number().int(), title: z.string() }).nullable();

export const newsDetail = newsSummary.extend({
  /** Sanitised HTML (server allow-list); the web renders it through the safe renderer. */
  body: z.string(),
  author: z.string(),
  /** The newer and the older article in the list's order. */
  prev: neighbour,
  next: neighbour,
  related: z.array(newsSummary),
});
export type NewsDetail = z.infer<typeof newsDetail>;

// ---- the audit workbench ----

export const newsAdminQuery = pageQuery.extend({
  status: z.enum(newsStatuses, { error: '状态不正确' }).optional(),
  category: newsCategory.optional(),
  keyword: z.string().trim().max(50, '关键词最多50个字').optional(),
});
export type NewsAdminQuery = z.infer<typeof newsAdminQuery>;

export const newsAdminItem = newsSummary.extend({
  status: z.enum(newsStatuses),
  /** When it is (or is to be) published; null for a draft never published. */
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  author: z.string(),
});
export type NewsAdminItem = z.infer<typeof newsAdminItem>;

export const newsAdminPage = page(newsAdminItem).extend({
  counts: z.record(z.enum(newsStatuses), z.number().int()),
});
export type NewsAdminPage = z.infer<typeof newsAdminPage>;

export const newsEditable = newsAdminItem.extend({ body: z.string() });
export type NewsEditable = z.infer<typeof newsEditable>;

export const newsBody = z.object({
  title: z
    .string({ error: '请输入标题' })
    .trim()
    .min(1, '请输入标题')
    .max(NEWS_TITLE_MAX, `标题最多${NEWS_TITLE_MAX}个字`),
  summary: z
    .string({ error: '请输入摘要' })
    .trim()
    .min(1, '请输入摘要')
    .max(NEWS_SUMMARY_MAX, `摘要最多${NEWS_SUMMARY_MAX}个字`),
  category: newsCategory,
  cover: storedImageName.nullable(),
  body: richTextHtml.min(1, richTextMessages.empty),
  pinned: z.boolean().default(false),
});
export type NewsBody = z.input<typeof newsBody>;

/** Publish now (publishAt omitted or null) or at a time ahead (ISO 8601). */
export const newsPublishBody = z.object({
  publishAt: z.iso.datetime({ offset: true, error: '发布时间不正确' }).nullable().optional(),
});
export type NewsPublishBody = z.infer<typeof newsPublishBody>;

export const newsPinBody = z.object({ pinned: z.boolean({ error: '置顶设置不正确' }) });

export const newsIdParams = z.object({ id: idParam({ label: '资讯编号' }) });
