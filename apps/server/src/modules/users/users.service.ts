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
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { maskPhone } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { auditActionLabels, type AuditAction, type AuditService } from '../audit/audit.service';
import { institutions } from '../institutions/institutions.table';
import type { SessionUser } from '../auth/session.service';
import { reencodeImage } from '../uploads/images';
import type { Storage } from '../uploads/storage';
import { toUserInfo } from './users.presenter';
import { usersRepository } from './users.repository';
import { users } from './users.table';

/** Escapes LIKE wildcards so a keyword matches itself. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createUsersService({
  db,
  storage,
  audit,
}: {
  db: Db;
  storage: Storage;
  audit: AuditService;
}) {
  async function info(userId: number): Promise<UserInfo> {
    const user = await usersRepository.withInstitution(db, userId);
    if (!user) throw notFound('账号不存在');
    return toUserInfo(user);
  }

  return {
    info,

    /** Own profile only: name, gender, birthday, avatar. Role and phone are not editable here. */
    async edit(actor: SessionUser, body: EditProfileBody, ip: string | null): Promise<UserInfo> {
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

    /**
     * Accounts the caller may see: auditors and admins see everyone; an expert sees the
     * ordinary users of their own institution. Phones are masked.
     */
    async list(
      actor: SessionUser,
      q: { pageNum: number; pageSize: number; keyword?: string | undefined },
    ): Promise<Page<UserListItem>> {
      const filters: SQL[] = [];
      if (actor.role === 'expert') {
        const me = await usersRepository.withInstitution(db, actor.userId);
        if (!me?.institutionId) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
        filters.push(eq(users.role, 'user'), eq(users.institutionId, me.institutionId));
      }
      if (q.keyword) {
        const k = likeEscape(q.keyword);
        filters.push(or(ilike(users.name, `%${k}%`), ilike(users.telephone, `${k}%`))!);
      }
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ user: users, institution: institutions.name })
          .from(users)
          .leftJoin(institutions, eq(institutions.id, users.institutionId))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(q.pageSize)
          .offset((q.pageNum - 1) * q.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
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
        total: total?.n ?? 0,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },

    async department(actor: SessionUser): Promise<Department | null> {
      const me = await usersRepository.withInstitution(db, actor.userId);
      if (!me?.institutionId) return null;
      const [row] = await db.select().from(institutions).where(eq(institutions.id, me.institutionId));
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        city: row.city,
        address: row.address,
        phone: row.phone,
        logo: row.logo,
        intro: row.intro,
      };
    },

    async loginHistory(actor: SessionUser): Promise<LoginHistoryItem[]> {
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
