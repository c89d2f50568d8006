import crypto from 'node:crypto';
import {
  AVATAR_MAX_PIXELS,
  identityTypeOf,
  type Department,
  type EditProfileBody,
  type LoginHistoryItem,
  type Page,
  type UserInfo,
  type UserListItem,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { maskPhone } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { auditActionLabels, type AuditAction, type AuditService } from '../audit';
import type { Actor } from '../auth';
import type { InstitutionsService } from '../institutions';
import { reencodeImage, type Storage } from '../uploads';
import { userListScope } from './users.policy';
import { toUserInfo } from './users.presenter';
import { usersRepository, type Role, type UserRow } from './users.repository';

// Kept here for modules that still import it from this file (assessments, scales).
export { likeEscape } from '../../lib/sql';

export function createUsersService({
  db,
  storage,
  audit,
  institutions,
}: {
  db: Db;
  storage: Storage;
  audit: AuditService;
  institutions: InstitutionsService;
}) {
  /** The userinfo payload; `tx` when the caller is inside a transaction (login). */
  async function info(userId: number, tx: DbOrTx = db): Promise<UserInfo> {
    const user = await usersRepository.withInstitution(tx, userId);
    if (!user) throw notFound('账号不存在');
    return toUserInfo(user);
  }

  return {
    info,

    // ---- accounts for the auth module: it changes accounts only through these ----
    byId: (id: number, tx: DbOrTx = db): Promise<UserRow | undefined> => usersRepository.byId(tx, id),
    byPhone: (telephone: string, tx: DbOrTx = db): Promise<UserRow | undefined> =>
      usersRepository.byPhone(tx, telephone),
    /** An ordinary account for a phone's first SMS login (or the one a concurrent login made). */
    createForPhone: (telephone: string, tx: DbOrTx = db): Promise<UserRow> =>
      usersRepository.create(tx, { telephone, name: `用户${telephone.slice(-4)}`, role: 'user' }),
    /**
     * The account of each roster person's phone: the existing one (left as it is), or a new
     * ordinary account without a password (they sign in by SMS code) with the roster's name,
     * gender and institution. In the caller's transaction.
     */
    async accountsForRoster(
      tx: DbOrTx,
      people: {
        telephone: string;
        name: string;
        gender: 'male' | 'female' | 'unknown';
        institutionId: number;
      }[],
    ): Promise<{ ids: Map<string, number>; created: number }> {
      const phones = people.map((p) => p.telephone);
      const known = await usersRepository.idsByPhones(tx, phones);
      const missing = people.filter((p) => !known.has(p.telephone));
      const created = missing.length
        ? await usersRepository.createMany(
            tx,
            missing.map((p) => ({ ...p, role: 'user' as const, passwordHash: null })),
          )
        : 0;
      const ids = missing.length ? await usersRepository.idsByPhones(tx, phones) : known;
      return { ids, created };
    },
    setPasswordHash: (tx: DbOrTx, userId: number, passwordHash: string): Promise<void> =>
      usersRepository.update(tx, userId, { passwordHash }),

    /** Every account, or those of one role (home page figures). */
    count: (role?: Role): Promise<number> => usersRepository.count(db, role),

    /** Own profile only: name, gender, birthday, avatar. Role and phone are not editable here. */
    async edit(actor: Actor, body: EditProfileBody, ip: string | null): Promise<UserInfo> {
      if (body.avatar && !(await storage.exists(body.avatar))) {
        throw new AppError('BAD_REQUEST', '头像文件不存在，请重新上传');
      }
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length > 0) {
        await usersRepository.update(db, actor.userId, changes);
        await audit.record(db, {
          action: 'profile_edit',
          outcome: 'success',
          userId: actor.userId,
          ip,
          detail: { fields: Object.keys(changes).join(',') },
        });
      }
      return info(actor.userId);
    },

    /** Re-encodes the upload to a 256 x 256 WebP with no metadata and stores it under a new name. */
    async uploadAvatar(data: Buffer): Promise<{ avatar: string }> {
      const image = await reencodeImage(data, {
        maxPixels: AVATAR_MAX_PIXELS,
        maxWidth: 256,
        maxHeight: 256,
        fit: 'cover',
        quality: 85,
      });
      const avatar = `avatar-${crypto.randomUUID()}.webp`;
      await storage.put(avatar, image.data);
      return { avatar };
    },

    /** Accounts the caller may see (users.policy.ts). Phones are masked. */
    async list(
      actor: Actor,
      q: { pageNum: number; pageSize: number; keyword?: string | undefined },
    ): Promise<Page<UserListItem>> {
      const empty = { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
      const scope = userListScope(actor);
      if (!scope) throw new AppError('FORBIDDEN');
      let filter = {};
      if (scope === 'own-institution') {
        const me = await usersRepository.byId(db, actor.userId);
        if (!me?.institutionId) return empty;
        filter = { role: 'user', institutionId: me.institutionId };
      }
      const { rows, total } = await usersRepository.list(db, { ...filter, keyword: q.keyword }, q);
      return {
        list: rows.map(({ user, institution }) => ({
          id: user.id,
          name: user.name,
          telephone: maskPhone(user.telephone),
          identityType: identityTypeOf[user.role],
          gender: user.gender,
          department: institution,
          createdAt: user.createdAt.toISOString(),
        })),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },

    async department(actor: Actor): Promise<Department | null> {
      const me = await usersRepository.byId(db, actor.userId);
      if (!me?.institutionId) return null;
      return institutions.byId(me.institutionId);
    },

    async loginHistory(actor: Actor): Promise<LoginHistoryItem[]> {
      const rows = await audit.history(db, actor.userId);
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        actionLabel: auditActionLabels[r.action as AuditAction] ?? r.action,
        outcome: r.outcome === 'success' ? 'success' : 'failure',
        ip: r.ip,
        at: r.at.toISOString(),
      }));
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
