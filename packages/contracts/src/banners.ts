import { z } from 'zod';
import { idParam } from './common';
import { storedImageName } from './uploads';

/** Banners on the home carousel at most (enabled or not). */
export const BANNERS_MAX = 10;

/** A page of this platform: a path starting with one slash, with an optional query. */
export const platformLink = z
  .string({ error: '请输入跳转页面' })
  .trim()
  .min(1, '请输入跳转页面')
  .max(200, '跳转页面最多200个字符')
  .regex(/^\/(?!\/)[A-Za-z0-9/_\-.]*(\?[A-Za-z0-9_\-.=&%]*)?$/, '跳转页面须为本平台的页面路径，如 /app/news');

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
