import { BANNERS_MAX, type Banner, type BannerBody } from '@psy/contracts';
import { bannerBody } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import { AppError, notFound } from '../../lib/errors';
import type { Storage } from '../uploads';
import { canAddBanner, canManageBanners } from './banners.policy';
import { bannersRepository as repo, type BannerRow } from './banners.repository';

const toBanner = (b: BannerRow): Banner => ({
  id: b.id,
  title: b.title,
  image: b.image,
  link: b.link,
  position: b.position,
  enabled: b.enabled,
});

/** The home carousel: auditors add, order, switch off and remove banners. */
export function createBannersService({
  db,
  uploads,
  catalogue,
}: {
  db: Db;
  uploads: Pick<Storage, 'exists'>;
  catalogue: CatalogueCache;
}) {
  function staffOnly(actor: Actor) {
    if (!canManageBanners(actor)) throw new AppError('FORBIDDEN');
  }
  async function checked(body: BannerBody) {
    const b = bannerBody.parse(body);
    if (!(await uploads.exists(b.image))) throw new AppError('BAD_REQUEST', '图片不存在，请重新上传');
    return b;
  }
  return {
    /** What the home page shows (and its shell paints first): held in memory (topic `banners`). */
    shown: (): Promise<Banner[]> =>
      catalogue.get('banners', 'shown', async () => (await repo.list(db, true)).map(toBanner)),

    async all(actor: Actor): Promise<Banner[]> {
      staffOnly(actor);
      return (await repo.list(db, false)).map(toBanner);
    },

    async create(actor: Actor, body: BannerBody): Promise<Banner> {
      staffOnly(actor);
      const b = await checked(body);
      return db.transaction(async (tx) => {
        // One adder at a time, so the limit holds when two add at once.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('banners'))`);
        if (!canAddBanner(await repo.count(tx)))
          throw new AppError('CONFLICT', `轮播图最多${BANNERS_MAX}张，请先删除不用的`);
        return toBanner(await repo.insert(tx, b));
      });
    },

    async update(actor: Actor, id: number, body: BannerBody): Promise<Banner> {
      staffOnly(actor);
      const row = await repo.update(db, id, await checked(body));
      if (!row) throw notFound('轮播图不存在');
      return toBanner(row);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      staffOnly(actor);
      if (!(await repo.remove(db, id))) throw notFound('轮播图不存在');
    },
  };
}
export type BannersService = ReturnType<typeof createBannersService>;
