import { z } from 'zod';
import { idParam, page, pageQuery } from './common';
import { storedImageName } from './uploads';

/** 专家动态: an expert's short post. */
export const TWEET_TEXT_MAX = 1000;
export const TWEET_IMAGES_MAX = 9;

export const tweetStatuses = ['draft', 'pending', 'published', 'rejected'] as const;
export type TweetStatus = (typeof tweetStatuses)[number];
export const tweetStatusLabels: Record<TweetStatus, string> = {
  draft: '草稿',
  pending: '审核中',
  published: '已发布',
  rejected: '已驳回',
};

/** Who sees a published tweet. */
export const tweetVisibilities = ['public', 'users'] as const;
export type TweetVisibility = (typeof tweetVisibilities)[number];
export const tweetVisibilityLabels: Record<TweetVisibility, string> = {
  public: '所有人可见',
  users: '仅登录用户可见',
};

export const tweetBody = z.object({
  content: z
    .string({ error: '请输入动态内容' })
    .trim()
    .min(1, '请输入动态内容')
    .max(TWEET_TEXT_MAX, `动态内容最多${TWEET_TEXT_MAX}个字`),
  images: z
    .array(storedImageName, { error: '图片不正确，请重新上传' })
    .max(TWEET_IMAGES_MAX, `最多上传${TWEET_IMAGES_MAX}张图片`)
    .default([]),
  visibility: z.enum(tweetVisibilities, { error: '可见范围不正确' }).default('public'),
});
export type TweetBody = z.input<typeof tweetBody>;

const author = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  title: z.string().nullable(),
});

/** A published tweet as everyone sees it. */
export const tweetCard = z.object({
  id: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  likeCount: z.number().int(),
  publishedAt: z.string(),
  author,
});
export type TweetCard = z.infer<typeof tweetCard>;

export const tweetFeedQuery = pageQuery.extend({ expertId: idParam({ label: '专家编号' }).optional() });
export type TweetFeedQuery = z.infer<typeof tweetFeedQuery>;

/** `?ids=1,2,3`: which of these tweets the caller has liked. */
export const tweetLikedQuery = z.object({
  ids: z
    .string({ error: '动态编号不正确' })
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, '动态编号不正确')
    .transform((s) => s.split(',').map(Number)),
});
export const tweetLikeResult = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type TweetLikeResult = z.infer<typeof tweetLikeResult>;

/** The expert's own tweet, in any state. */
export const myTweet = z.object({
  id: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  visibility: z.enum(tweetVisibilities),
  status: z.enum(tweetStatuses),
  /** Why the newest review rejected it, while it is rejected. */
  rejectReason: z.string().nullable(),
  likeCount: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type MyTweet = z.infer<typeof myTweet>;

export const myTweetsQuery = pageQuery.extend({
  status: z.enum(tweetStatuses, { error: '状态不正确' }).optional(),
});
export type MyTweetsQuery = z.infer<typeof myTweetsQuery>;

export const myTweetsPage = page(myTweet).extend({
  counts: z.record(z.enum(tweetStatuses), z.number().int()),
  /** Likes over every published tweet of the expert. */
  totalLikes: z.number().int(),
});
export type MyTweetsPage = z.infer<typeof myTweetsPage>;

// ---- review (auditors) ----

export const reviewTweetsQuery = pageQuery.extend({
  status: z.enum(['pending', 'published', 'rejected'], { error: '状态不正确' }).default('pending'),
});
export type ReviewTweetsQuery = z.infer<typeof reviewTweetsQuery>;

export const reviewTweet = myTweet.extend({
  author,
  submittedAt: z.string().nullable(),
  reviewer: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ReviewTweet = z.infer<typeof reviewTweet>;

export const reviewTweetsPage = page(reviewTweet).extend({
  counts: z.record(z.enum(['pending', 'published', 'rejected']), z.number().int()),
});
export type ReviewTweetsPage = z.infer<typeof reviewTweetsPage>;

export const tweetIdParams = z.object({ id: idParam({ label: '动态编号' }) });
