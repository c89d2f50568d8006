import { z } from 'zod';

/** Largest page number × page size the merged 全部 tab reaches (each kind is read up to it). */
export const SEARCH_DEPTH_MAX = 200;

/** Kinds of things search finds; each domain registers a provider for its own kind. */
export const searchKinds = [
  'scale',
  'plan',
  'activity',
  'course',
  'expert',
  'institution',
  'news',
  'tweet',
] as const;
export const searchKind = z.enum(searchKinds, { error: '搜索类别不正确' });
export type SearchKind = z.infer<typeof searchKind>;

export const searchQuery = z.object({
  code: z.string({ error: '请输入关键词' }).trim().min(1, '请输入关键词').max(50, '关键词最多50个字'),
  /** One kind (a tab), or every kind merged by relevance when omitted. */
  kind: searchKind.optional(),
  pageNum: z.coerce.number().int().min(1).max(100).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type SearchQuery = z.infer<typeof searchQuery>;
export type SearchParams = {
  code: string;
  kind?: SearchKind | undefined;
  pageNum?: number;
  pageSize?: number;
};

export const searchHit = z.object({
  kind: searchKind,
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** The page in the web app that shows this thing, e.g. /department/detail?id=1. */
  url: z.string(),
  image: z.string().nullable(),
  tags: z.array(z.string()),
  /** Relevance: higher is better; comparable across kinds. */
  score: z.number(),
});
export type SearchHit = z.infer<typeof searchHit>;

/** A tab: how many things of one kind match. Kinds with no match are listed with 0. */
export const searchCount = z.object({ kind: searchKind, label: z.string(), total: z.number().int() });
export type SearchCount = z.infer<typeof searchCount>;

export const searchResult = z.object({
  keyword: z.string(),
  kind: searchKind.nullable(),
  counts: z.array(searchCount),
  /** Hits of the asked kind (or of all kinds, by relevance), one page. */
  list: z.array(searchHit),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  /** Keywords worth trying when nothing matched. */
  suggestions: z.array(z.string()),
});
export type SearchResult = z.infer<typeof searchResult>;
