import { z } from 'zod';

export const searchQuery = z.object({
  code: z.string({ error: '请输入关键词' }).trim().min(1, '请输入关键词').max(50, '关键词最多50个字'),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** Kinds of things search finds; each domain adds its own kind. */
export const searchKind = z.enum(['scale', 'plan', 'course', 'expert', 'news', 'institution']);
export type SearchKind = z.infer<typeof searchKind>;

export const searchHit = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** The page in the web app that shows this thing, e.g. /department/detail?id=1. */
  url: z.string(),
  image: z.string().nullable(),
  tags: z.array(z.string()),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({
  kind: searchKind,
  label: z.string(),
  total: z.number().int(),
  items: z.array(searchHit),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchResult = z.object({ keyword: z.string(), groups: z.array(searchGroup) });
export type SearchResult = z.infer<typeof searchResult>;
