import { z } from 'zod';
import { idParam } from './common';
import { storedImageName } from './uploads';

/** Banners on the home carousel at most (enabled or not). */
export const BANNERS_MAX = 10;

/**
 * The public pages a banner may lead to: the visitor routes of the route table (routes.md).
 * A detail page needs the object's number (`?id=`), the search page its words (`?code=`).
 */
export const publicPages = [
  { path: '/sys/home', title: '首页' },
  { path: '/app/website', title: '测评中心' },
  { path: '/test/list', title: '量表测评' },
  { path: '/test/detail', title: '量表详情', needs: 'id' },
  { path: '/combit/list', title: '测评方案' },
  { path: '/activity/list', title: '活动量表' },
  { path: '/activity/detail', title: '活动详情', needs: 'id' },
  { path: '/app/course', title: '课程学习' },
  { path: '/course/detail', title: '课程详情', needs: 'id' },
  { path: '/app/expert', title: '心理咨询' },
  { path: '/experts/detail', title: '专家详情', needs: 'id' },
  { path: '/department/detail', title: '机构详情', needs: 'id' },
  { path: '/app/news', title: '最新资讯' },
  { path: '/news/detail', title: '资讯详情', needs: 'id' },
  { path: '/all/search', title: '搜索结果', needs: 'code' },
] as const satisfies readonly { path: string; title: string; needs?: 'id' | 'code' }[];
export type PublicPage = (typeof publicPages)[number];

export const platformLinkMessages = {
  format: '跳转页面须为本平台的页面路径，如 /app/news',
  unknown: '跳转页面不存在，请选择本平台的公开页面，如 /app/news 或 /news/detail?id=1',
  id: (title: string, path: string) => `${title}页须带上编号，如 ${path}?id=1`,
  code: '搜索结果页须带上搜索词，如 /all/search?code=焦虑',
} as const;

/** Why a well-formed link is not one of the public pages (a message), or null when it is. */
export function publicPageProblem(link: string): string | null {
  const [pathname = '', query = ''] = link.split('?', 2);
  const page = publicPages.find((p) => p.path === pathname.replace(/(.)\/$/, '$1'));
  if (!page) return platformLinkMessages.unknown;
  const params = new URLSearchParams(query);
  if (!('needs' in page)) return null;
  if (page.needs === 'id' && !/^[1-9]\d{0,9}$/.test(params.get('id') ?? ''))
    return platformLinkMessages.id(page.title, page.path);
  if (page.needs === 'code' && !params.get('code')?.trim()) return platformLinkMessages.code;
  return null;
}

/** A public page of this platform: a path starting with one slash, with an optional query. */
export const platformLink = z
  .string({ error: '请输入跳转页面' })
  .trim()
  .min(1, { error: '请输入跳转页面', abort: true })
  .max(200, { error: '跳转页面最多200个字符', abort: true })
  .regex(/^\/(?!\/)[A-Za-z0-9/_\-.]*(\?[\p{L}\p{N}_\-.=&%]*)?$/u, {
    error: platformLinkMessages.format,
    abort: true,
  })
  .superRefine((link, ctx) => {
    const problem = publicPageProblem(link);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  position: z.number().int(),
  enabled: z.boolean(),
});
export type Banner = z.infer<typeof banner>;

export const bannerBody = z.object({
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(40, '标题最多40个字'),
  image: storedImageName,
  link: platformLink,
  position: z
    .number({ error: '排序不正确：选项位置须为 0–999 的整数' })
    .int('排序不正确：选项位置须为 0–999 的整数')
    .min(0, '排序不正确：选项位置须为 0–999 的整数')
    .max(999, '排序不正确：选项位置须为 0–999 的整数'),
  enabled: z.boolean().default(true),
});
export type BannerBody = z.input<typeof bannerBody>;

export const bannerIdParams = z.object({ id: idParam({ label: '轮播图编号' }) });
