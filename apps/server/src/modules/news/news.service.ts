import {
  NEWS_BODY_IMAGES_MAX,
  NEWS_RELATED,
  richTextMessages,
  newsStatuses,
  UPLOAD_PATH,
  type NewsAdminItem,
  type NewsAdminPage,
  type NewsAdminQuery,
  type NewsBody,
  type NewsDetail,
  type NewsEditable,
  type NewsListQuery,
  type NewsSummary,
  type Page,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { loadRichText } from '../../lib/lazy-rich-text';
import { shareText, type ShareCard } from '../../lib/share-card';
import type { Storage } from '../uploads';
import { canManageNews, canPublish, canTakeOffline, isNewsVisible, newsStatus } from './news.policy';
import { newsRepository as repo, type NewsRow, type NewsWithAuthor } from './news.repository';

export interface NewsServiceDeps {
  db: Db;
  clock: Clock;
  uploads: Pick<Storage, 'exists'>;
  catalogue: CatalogueCache;
}

const gone = () => notFound('资讯不存在或已下线');

export const toNewsSummary = (a: NewsRow): NewsSummary => ({
  id: a.id,
  title: a.title,
  cover: a.cover,
  summary: a.summary,
  category: a.category,
  pinned: a.pinned,
  views: a.views,
  publishedAt: (a.publishAt ?? a.createdAt).toISOString(),
});

/** The uploaded files a sanitised body shows (its <img> sources under the upload path). */
function bodyImages(html: string): string[] {
  const names: string[] = [];
  for (const m of html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) names.push(m[1]!.slice(UPLOAD_PATH.length));
  return names;
}

/**
 * 资讯: auditors and admins write articles (drafts), publish them now or at a time ahead,
 * pin them and take them down; the public reads published ones whose time has come.
 */
export function createNewsService({ db, clock, uploads, catalogue }: NewsServiceDeps) {
  const adminItem = (a: NewsWithAuthor, now: Date): NewsAdminItem => ({
    ...toNewsSummary(a),
    status: newsStatus(a, now),
    publishAt: a.publishAt?.toISOString() ?? null,
    publishedAt: a.publishAt && a.state !== 'draft' ? a.publishAt.toISOString() : null,
    updatedAt: a.updatedAt.toISOString(),
    author: a.author ?? '',
  });

  /** The article for staff; locked when read in a transaction that changes it. */
  async function manageable(actor: Actor, id: number, tx: DbOrTx = db) {
    if (!canManageNews(actor)) throw new AppError('FORBIDDEN');
    const a = await repo.byId(tx, id, { lock: tx !== db });
    if (!a) throw notFound('资讯不存在');
    return a;
  }

  /** Cleans the body and checks every image is one of our uploads. */
  async function prepare(body: NewsBody) {
    const { richTextIsEmpty, richTextToPlain, sanitizeRichText } = await loadRichText();
    const html = sanitizeRichText(body.body);
    if (richTextIsEmpty(html)) throw new AppError('BAD_REQUEST', richTextMessages.empty);
    const images = bodyImages(html);
    if (images.length > NEWS_BODY_IMAGES_MAX)
      throw new AppError('BAD_REQUEST', `正文最多插入${NEWS_BODY_IMAGES_MAX}张图片`);
    for (const name of [...images, ...(body.cover ? [body.cover] : [])])
      if (!(await uploads.exists(name))) throw new AppError('BAD_REQUEST', '图片不存在，请重新上传');
    return {
      title: body.title,
      summary: body.summary,
      category: body.category,
      cover: body.cover,
      pinned: body.pinned ?? false,
      body: html,
      bodyText: richTextToPlain(html),
    };
  }

  return {
    // ---- the public ----
    list: (q: NewsListQuery): Promise<Page<NewsSummary>> =>
      catalogue.get('news', JSON.stringify(q), async () => {
        const { rows, total } = await repo.publicPage(db, q, clock());
        return { list: rows.map(toNewsSummary), total, pageNum: q.pageNum, pageSize: q.pageSize };
      }),

    /** The newest public articles (home page). */
    async latest(limit: number): Promise<NewsSummary[]> {
      const { rows } = await repo.publicPage(db, { pageNum: 1, pageSize: limit }, clock());
      return rows.map(toNewsSummary);
    },

    /** An article the public may read; counts the reading. */
    async detail(id: number): Promise<NewsDetail> {
      const now = clock();
      const a = await repo.byId(db, id);
      if (!a || !isNewsVisible(a, now)) throw gone();
      const [views, { prev, next }, related] = await Promise.all([
        repo.countView(db, id),
        repo.neighbours(db, a, now),
        repo.related(db, a, now, NEWS_RELATED),
      ]);
      return {
        ...toNewsSummary(a),
        views,
        body: a.body,
        author: a.author ?? '平台编辑',
        prev,
        next,
        related: related.map(toNewsSummary),
      };
    },

    /** What a shared link to a public article shows (served page metadata); counts no reading. */
    async shareCard(id: number): Promise<ShareCard | null> {
      const a = await repo.byId(db, id);
      if (!a || !isNewsVisible(a, clock())) return null;
      return {
        title: a.title,
        description: shareText(a.summary || a.bodyText),
        image: a.cover ? `${UPLOAD_PATH}${a.cover}` : null,
        kind: 'article',
      };
    },

    // ---- the audit workbench ----
    async adminList(actor: Actor, q: NewsAdminQuery): Promise<NewsAdminPage> {
      if (!canManageNews(actor)) throw new AppError('FORBIDDEN');
      const now = clock();
      const { rows, total, counts } = await repo.adminPage(db, q, now);
      const byStatus = new Map(counts.map((c) => [c.status, c.n]));
      return {
        list: rows.map((a) => adminItem(a, now)),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        counts: Object.fromEntries(
          newsStatuses.map((s) => [s, byStatus.get(s) ?? 0]),
        ) as NewsAdminPage['counts'],
      };
    },

    async editable(actor: Actor, id: number): Promise<NewsEditable> {
      const a = await manageable(actor, id);
      return { ...adminItem(a, clock()), body: a.body };
    },

    async create(actor: Actor, body: NewsBody): Promise<NewsEditable> {
      if (!canManageNews(actor)) throw new AppError('FORBIDDEN');
      const values = await prepare(body);
      const row = await repo.insert(db, { ...values, authorId: actor.userId });
      return this.editable(actor, row.id);
    },

    async update(actor: Actor, id: number, body: NewsBody): Promise<NewsEditable> {
      const values = await prepare(body);
      await db.transaction(async (tx) => {
        await manageable(actor, id, tx);
        await repo.update(tx, id, values);
      });
      return this.editable(actor, id);
    },

    /** Publishes now, or schedules for `publishAt` (which must be ahead). */
    async publish(actor: Actor, id: number, publishAt: string | null | undefined): Promise<NewsEditable> {
      const now = clock();
      const at = publishAt ? new Date(publishAt) : now;
      if (publishAt && at.getTime() <= now.getTime())
        throw new AppError('BAD_REQUEST', '定时发布时间须晚于当前时间');
      await db.transaction(async (tx) => {
        const a = await manageable(actor, id, tx);
        if (!canPublish(a, now)) throw new AppError('CONFLICT', '该资讯已发布');
        await repo.update(tx, id, { state: 'published', publishAt: at });
      });
      return this.editable(actor, id);
    },

    async takeOffline(actor: Actor, id: number): Promise<NewsEditable> {
      await db.transaction(async (tx) => {
        const a = await manageable(actor, id, tx);
        if (!canTakeOffline(a)) throw new AppError('CONFLICT', '该资讯未发布');
        await repo.update(tx, id, { state: 'offline' });
      });
      return this.editable(actor, id);
    },

    async pin(actor: Actor, id: number, pinned: boolean): Promise<NewsEditable> {
      await db.transaction(async (tx) => {
        await manageable(actor, id, tx);
        await repo.update(tx, id, { pinned });
      });
      return this.editable(actor, id);
    },
  };
}
export type NewsService = ReturnType<typeof createNewsService>;
