import { UPLOAD_PATH } from '@psy/contracts';
import type {
  DepartmentDetail,
  ExpertCard,
  ExpertDetail,
  ExpertListQuery,
  ExpertProfileBody,
  Page,
  Slot,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { pick } from '../../lib/objects';
import { shareText, type ShareCard } from '../../lib/share-card';
import type { Actor } from '../auth';
import type { InstitutionsService } from '../institutions';
import {
  expertsRepository as repo,
  type CardRow,
  type MatchRow,
  type ProfileRow,
} from './experts.repository';

const DAY = 86_400_000;
/** How many matching experts are ranked for a recommendation. */
const MATCH_POOL = 50;

const toCard = (r: CardRow): ExpertCard => ({
  id: r.id,
  name: r.name,
  avatar: r.avatar,
  title: r.profile.title,
  specialties: r.profile.specialties,
  priceFen: r.profile.priceFen,
  sessionMinutes: r.profile.sessionMinutes,
  modes: r.profile.modes,
  institution: r.institutionId && r.institutionName ? { id: r.institutionId, name: r.institutionName } : null,
  rating: r.rating === null ? null : Number(r.rating),
  ratingCount: Number(r.ratingCount),
  yearsOfPractice: r.profile.yearsOfPractice,
  nextSlotAt: r.nextSlotAt ? new Date(r.nextSlotAt).toISOString() : null,
});

export interface ExpertsServiceDeps {
  db: Db;
  clock: Clock;
  institutions: InstitutionsService;
  /** An expert's free slots, shown on their detail page: the availability module has them. */
  freeSlots(expertId: number, from: Date, to: Date): Promise<Slot[]>;
  catalogue: CatalogueCache;
}

/** What an expert edits of their profile, as myProfile answers it. */
const profileFields = [
  'title',
  'qualifications',
  'specialties',
  'introduction',
  'modes',
  'priceFen',
  'sessionMinutes',
  'yearsOfPractice',
  'address',
] as const satisfies readonly (keyof ExpertProfileBody)[];

/** Experts' public profiles: what clients browse and book by. Their times: the availability module. */
export function createExpertsService({ db, clock, institutions, freeSlots, catalogue }: ExpertsServiceDeps) {
  async function rankMatching(tags: string[], limit: number): Promise<MatchRow[]> {
    const rows = await repo.matching(db, tags, MATCH_POOL);
    const rank = (r: MatchRow) => {
      const hits = tags.map((t, i) => (r.specialties.includes(t) ? i : -1)).filter((i) => i >= 0);
      return { first: Math.min(...hits), count: hits.length };
    };
    return rows
      .map((r, order) => ({ r, order, ...rank(r) }))
      .sort((a, b) => a.first - b.first || b.count - a.count || a.order - b.order)
      .slice(0, limit)
      .map(({ r }) => r);
  }

  return {
    list: (q: ExpertListQuery): Promise<Page<ExpertCard>> =>
      catalogue.get('experts', JSON.stringify(q), async () => {
        const { rows, total } = await repo.page(db, q, clock());
        return { list: rows.map(toCard), total, pageNum: q.pageNum, pageSize: q.pageSize };
      }),

    specialties: (): Promise<string[]> => repo.specialties(db),

    /**
     * Experts who work on any of these specialty tags (a report's next steps), best fit first:
     * the tags come in order of importance, so whoever covers the earliest tag leads, then
     * whoever covers more of them, then the better rated. Held with the expert list (a report's
     * tags come from its scales' guides, so a few sets of tags serve every report; ranking by
     * rating reads every matching expert's feedback).
     */
    matching(tags: string[], limit: number): Promise<MatchRow[]> {
      return catalogue.get('experts', JSON.stringify(['matching', tags, limit]), () =>
        rankMatching(tags, limit),
      );
    },

    async detail(id: number): Promise<ExpertDetail> {
      const now = clock();
      const row = await repo.card(db, id, now);
      if (!row) throw notFound('专家不存在');
      return {
        ...toCard(row),
        qualifications: row.profile.qualifications,
        introduction: row.profile.introduction,
        address: row.profile.address,
        slots: await freeSlots(id, now, new Date(now.getTime() + 14 * DAY)),
      };
    },

    /** What a shared link to an expert's page shows (served page metadata), or null. */
    async shareCard(id: number): Promise<ShareCard | null> {
      const row = await repo.card(db, id, clock());
      if (!row) return null;
      const p = row.profile;
      const lead = [p.title, p.specialties.length ? `擅长${p.specialties.join('、')}` : '']
        .filter(Boolean)
        .join('，');
      return {
        title: `${row.name} · ${p.title}`,
        description: shareText(`${lead}。${p.introduction}`),
        image: row.avatar ? `${UPLOAD_PATH}${row.avatar}` : null,
        kind: 'profile',
      };
    },

    /** An institution with its experts. */
    async department(id: number): Promise<DepartmentDetail> {
      const inst = await institutions.byId(id);
      if (!inst) throw notFound('机构不存在');
      const experts = await repo.ofInstitution(db, id, clock());
      return { ...inst, experts: experts.map(toCard) };
    },

    /** The expert's profile, for pricing a booking (inside its transaction) or undefined. */
    profileOf: (expertId: number, tx: DbOrTx = db): Promise<ProfileRow | undefined> =>
      repo.profile(tx, expertId),

    /** Publishing times needs a profile first (price, specialties). */
    async requireProfile(expertId: number): Promise<void> {
      if (!(await repo.profile(db, expertId)))
        throw new AppError('BAD_REQUEST', '请先完善专家资料（价格、擅长领域等）再发布时间');
    },

    async myProfile(actor: Actor): Promise<ExpertProfileBody | null> {
      const p = await repo.profile(db, actor.userId);
      if (!p) return null;
      // Exactly the editable fields, in the form's order: not the rating or the timestamps.
      return pick(p, profileFields);
    },

    async saveProfile(actor: Actor, body: ExpertProfileBody): Promise<void> {
      await repo.saveProfile(db, actor.userId, {
        ...body,
        specialties: [...new Set(body.specialties)],
        modes: [...new Set(body.modes)],
      });
    },
  };
}
export type ExpertsService = ReturnType<typeof createExpertsService>;
