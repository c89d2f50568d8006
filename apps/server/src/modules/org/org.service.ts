import {
  genderOf,
  ORG_UNIT_DEPTH_MAX,
  orgMessages,
  splitUnitPath,
  type OrgMember,
  type OrgMembersFilter,
  type OrgStaff,
  type OrgUnit,
  type OrgUnitCreate,
  type OrgUnitEdit,
  type Page,
  type RosterImportResult,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { maskPhone } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { SHANGHAI_OFFSET_MS } from '../../lib/time';
import type { AuditService } from '../audit';
import type { UsersService } from '../users';
import {
  canSeeUnit,
  deleteProblem,
  depthOf,
  manageAccess,
  mayManageSome,
  moveProblem,
  subtreeOf,
} from './org.policy';
import { orgRepository as repo, type OrgMemberRow } from './org.repository';
import { validateRoster } from './org.roster';

export interface OrgServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  users: Pick<UsersService, 'accountsForRoster' | 'byPhone' | 'createForPhone'>;
}

const unitMissing = () => notFound('单位不存在');
const memberMissing = () => notFound('成员不存在');
type UnitLike = { id: number; parentId: number | null; name: string };

/** 心理学院/2026级/1班 for each unit of a tree. */
function pathsOf(units: readonly UnitLike[]): Map<number, string> {
  const byId = new Map(units.map((u) => [u.id, u]));
  const out = new Map<number, string>();
  const path = (id: number, guard = 0): string => {
    const known = out.get(id);
    if (known !== undefined) return known;
    const u = byId.get(id);
    if (!u) return '';
    const p = u.parentId !== null && guard < 50 ? `${path(u.parentId, guard + 1)}/${u.name}` : u.name;
    out.set(id, p);
    return p;
  };
  for (const u of units) path(u.id);
  return out;
}

function toMember(m: OrgMemberRow, paths: Map<number, string>): OrgMember {
  return {
    id: m.id,
    institutionId: m.institutionId,
    unitId: m.unitId,
    unitPath: paths.get(m.unitId) ?? '',
    name: m.name,
    telephone: m.telephone,
    memberNo: m.memberNo,
    gender: m.gender,
    birthYear: m.birthYear,
    userId: m.userId,
    updatedAt: m.updatedAt.toISOString(),
  };
}

export function createOrgService({ db, clock, audit, users }: OrgServiceDeps) {
  const thisYear = () => new Date(clock().getTime() + SHANGHAI_OFFSET_MS).getUTCFullYear();

  /** Only auditors, admins and institutions' own experts manage anything here. */
  function mustManageSome(actor: Actor) {
    if (!mayManageSome(actor)) throw forbidden();
  }

  /**
   * Whether the actor manages this institution: auditors any, an expert only their own; another
   * institution's things answer `missing` (404), as if they did not exist.
   */
  async function mustManage(
    tx: DbOrTx,
    actor: Actor,
    institutionId: number,
    missing = () => notFound('机构不存在'),
  ) {
    mustManageSome(actor);
    const own = actor.role === 'expert' ? await repo.institutionOfAccount(tx, actor.userId) : null;
    const access = manageAccess(actor, own, institutionId);
    if (access === 'forbidden') throw forbidden();
    if (access === 'hidden') throw missing();
  }

  /** A unit the actor manages, or 404. */
  async function managedUnit(tx: DbOrTx, actor: Actor, id: number, lock = false) {
    mustManageSome(actor);
    const unit = await unitOrMissing(tx, id, lock);
    await mustManage(tx, actor, unit.institutionId, unitMissing);
    return unit;
  }

  async function institutionOrMissing(tx: DbOrTx, id: number) {
    if (!(await repo.institutionExists(tx, id))) throw notFound('机构不存在');
  }

  async function unitOrMissing(tx: DbOrTx, id: number, lock = false) {
    const u = await repo.unitById(tx, id, lock);
    if (!u) throw unitMissing();
    return u;
  }

  /** Sibling names are unique: the index says so, this says it in Chinese. */
  async function sameNameGuard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (pgError(err).code === UNIQUE_VIOLATION) throw conflict(orgMessages.unitNameTaken);
      throw err;
    }
  }

  /** What an account assigned to units sees: those units and everything under them. */
  async function staffScope(tx: DbOrTx, actor: Actor) {
    const assigned = await repo.assignedUnits(tx, actor.userId);
    const institutionIds = [...new Set(assigned.map((a) => a.institutionId))];
    const units = await repo.unitsOf(tx, institutionIds);
    const visible = subtreeOf(
      units,
      assigned.map((a) => a.unitId),
    );
    return { units: units.filter((u) => visible.has(u.id)), visible, institutionIds, all: units };
  }

  async function memberPage(
    tx: DbOrTx,
    institutionIds: number[],
    unitIds: number[] | undefined,
    q: OrgMembersFilter,
    paths: Map<number, string>,
  ): Promise<Page<OrgMember>> {
    const pageNum = q.pageNum;
    const pageSize = q.pageSize;
    const { rows, total } = await repo.members(
      tx,
      { institutionIds, unitIds, keyword: q.keyword || undefined },
      { pageNum, pageSize },
    );
    return { list: rows.map((m) => toMember(m, paths)), total, pageNum, pageSize };
  }

  return {
    // ---- auditors: the tree ----
    async units(actor: Actor, institutionId: number): Promise<OrgUnit[]> {
      await mustManage(db, actor, institutionId);
      await institutionOrMissing(db, institutionId);
      return repo.unitsOf(db, [institutionId]);
    },

    async createUnit(actor: Actor, body: OrgUnitCreate): Promise<OrgUnit> {
      await mustManage(db, actor, body.institutionId);
      return db.transaction(async (tx) => {
        await institutionOrMissing(tx, body.institutionId);
        const parentId = body.parentId ?? null;
        if (parentId !== null) {
          const parent = await unitOrMissing(tx, parentId, true);
          if (parent.institutionId !== body.institutionId) throw unitMissing();
          const tree = await repo.unitsOf(tx, [body.institutionId]);
          if (depthOf(tree, parentId) + 1 > ORG_UNIT_DEPTH_MAX) throw badRequest(orgMessages.tooDeep);
        }
        const row = await sameNameGuard(() =>
          repo.insertUnit(tx, {
            institutionId: body.institutionId,
            parentId,
            name: body.name.trim(),
            kind: (body.kind ?? '').trim(),
          }),
        );
        return { ...row, memberCount: 0 };
      });
    },

    async editUnit(actor: Actor, id: number, body: OrgUnitEdit): Promise<OrgUnit> {
      return db.transaction(async (tx) => {
        const unit = await managedUnit(tx, actor, id, true);
        const tree = await repo.unitsOf(tx, [unit.institutionId]);
        const values: Parameters<typeof repo.updateUnit>[2] = {};
        if (body.name !== undefined) values.name = body.name.trim();
        if (body.kind !== undefined) values.kind = body.kind.trim();
        if (body.sort !== undefined) values.sort = body.sort;
        if (body.parentId !== undefined && (body.parentId ?? null) !== unit.parentId) {
          const parentId = body.parentId ?? null;
          if (parentId !== null && !tree.some((u) => u.id === parentId)) throw notFound('上级单位不存在');
          const problem = moveProblem(tree, id, parentId);
          if (problem) throw badRequest(problem);
          values.parentId = parentId;
        }
        if (Object.keys(values).length) await sameNameGuard(() => repo.updateUnit(tx, id, values));
        const [after] = (await repo.unitsOf(tx, [unit.institutionId])).filter((u) => u.id === id);
        return after!;
      });
    },

    async deleteUnit(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await managedUnit(tx, actor, id, true);
        const problem = deleteProblem(await repo.unitContents(tx, id));
        if (problem) throw conflict(problem);
        await repo.deleteUnit(tx, id);
      });
    },

    /** A unit's members and everything under it, or the institution's, by keyword. */
    async members(actor: Actor, q: OrgMembersFilter): Promise<Page<OrgMember>> {
      mustManageSome(actor);
      let institutionId = q.institutionId;
      if (q.unitId) {
        const unit = await managedUnit(db, actor, q.unitId);
        if (institutionId && unit.institutionId !== institutionId) throw unitMissing();
        institutionId = unit.institutionId;
      }
      if (!institutionId) throw badRequest('请选择机构或单位');
      await mustManage(db, actor, institutionId);
      const tree = await repo.unitsOf(db, [institutionId]);
      const unitIds = q.unitId ? [...subtreeOf(tree, [q.unitId])] : undefined;
      return memberPage(db, [institutionId], unitIds, q, pathsOf(tree));
    },

    /**
     * Reads a roster file and writes it all or not at all: every row is checked (formats,
     * duplicates within the file, a phone another member of the institution already holds);
     * with any bad row nothing is written and the rows come back with their reasons. Otherwise,
     * in one transaction, missing units of the paths are created, each phone gets its account
     * (matched or created without a password), and members are inserted or updated by
     * 学号/工号. Every import, written or refused, goes to the audit log.
     */
    async importRoster(
      actor: Actor,
      institutionId: number,
      file: Buffer,
      ip: string | null,
    ): Promise<RosterImportResult> {
      await mustManage(db, actor, institutionId);
      await institutionOrMissing(db, institutionId);
      // Loaded on first use, not at start (issue 18): the reader and ExcelJS are a chunk of their own.
      const { readRoster } = await import('./org.xlsx');
      const rows = await readRoster(file);
      const bad = validateRoster(rows, thisYear());
      const result: RosterImportResult = {
        ok: false,
        rows: rows.length,
        created: 0,
        updated: 0,
        unitsCreated: 0,
        accountsCreated: 0,
        badRows: bad,
      };
      const record = (tx: DbOrTx, r: RosterImportResult) =>
        audit.record(tx, {
          action: 'roster_import',
          outcome: r.ok ? 'success' : 'failure',
          userId: actor.userId,
          ip,
          detail: {
            institutionId,
            rows: r.rows,
            created: r.created,
            updated: r.updated,
            unitsCreated: r.unitsCreated,
            accountsCreated: r.accountsCreated,
            badRows: r.badRows.length,
          },
        });
      if (bad.length) {
        await record(db, result);
        return result;
      }
      return db.transaction(async (tx) => {
        // A phone some other 学号/工号 of this institution holds would break its uniqueness.
        const existing = await repo.membersMatching(
          tx,
          institutionId,
          rows.map((r) => r.memberNo),
          rows.map((r) => r.telephone),
        );
        const noOfPhone = new Map(existing.map((m) => [m.telephone, m.memberNo]));
        const knownNos = new Set(existing.map((m) => m.memberNo));
        for (const r of rows) {
          const holder = noOfPhone.get(r.telephone);
          if (holder !== undefined && holder !== r.memberNo)
            bad.push({ ...r, reasons: [`手机号已被学号/工号 ${holder} 使用`] });
        }
        if (bad.length) {
          await record(tx, result);
          return result;
        }
        // Units: find each path in the tree, creating what is missing level by level.
        const tree = await repo.unitsOf(tx, [institutionId]);
        const key = (parentId: number | null, name: string) => `${parentId ?? 0}\u0000${name}`;
        const index = new Map(tree.map((u) => [key(u.parentId, u.name), u.id]));
        const unitOfPath = new Map<string, number>();
        for (const r of rows) {
          const names = splitUnitPath(r.unitPath);
          const path = names.join('/');
          if (unitOfPath.has(path)) continue;
          let parentId: number | null = null;
          for (const name of names) {
            let id = index.get(key(parentId, name));
            if (id === undefined) {
              const created = await repo.insertUnit(tx, { institutionId, parentId, name, kind: '' });
              id = created.id;
              index.set(key(parentId, name), id);
              result.unitsCreated++;
            }
            parentId = id;
          }
          unitOfPath.set(path, parentId!);
        }
        const accounts = await users.accountsForRoster(
          tx,
          rows.map((r) => ({
            telephone: r.telephone,
            name: r.name,
            gender: genderOf(r.gender) ?? 'unknown',
            institutionId,
          })),
        );
        result.accountsCreated = accounts.created;
        await repo.upsertMembers(
          tx,
          rows.map((r) => ({
            institutionId,
            unitId: unitOfPath.get(splitUnitPath(r.unitPath).join('/'))!,
            name: r.name,
            telephone: r.telephone,
            memberNo: r.memberNo,
            gender: genderOf(r.gender) ?? 'unknown',
            birthYear: r.birthYear ? Number(r.birthYear) : null,
            userId: accounts.ids.get(r.telephone) ?? null,
          })),
        );
        result.updated = rows.filter((r) => knownNos.has(r.memberNo)).length;
        result.created = rows.length - result.updated;
        result.ok = true;
        await record(tx, result);
        return result;
      });
    },

    // ---- auditors: unit staff ----
    async staff(actor: Actor, unitId: number): Promise<OrgStaff[]> {
      await managedUnit(db, actor, unitId);
      return repo.staffOf(db, unitId);
    },

    /** Puts the account of a phone (created without a password when missing) in charge of a unit. */
    async addStaff(actor: Actor, unitId: number, telephone: string, ip: string | null): Promise<OrgStaff> {
      return db.transaction(async (tx) => {
        await managedUnit(tx, actor, unitId, true);
        const account = (await users.byPhone(telephone, tx)) ?? (await users.createForPhone(telephone, tx));
        if (!(await repo.addStaff(tx, unitId, account.id))) throw conflict(orgMessages.staffExists);
        await audit.record(tx, {
          action: 'org_staff_change',
          outcome: 'success',
          userId: actor.userId,
          ip,
          telephoneMasked: maskPhone(telephone),
          targetUserId: account.id,
          detail: { unitId, change: 'add' },
        });
        return {
          unitId,
          userId: account.id,
          name: account.name,
          telephone: account.telephone,
          role: account.role,
        };
      });
    },

    async removeStaff(actor: Actor, unitId: number, userId: number, ip: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        await managedUnit(tx, actor, unitId, true);
        if (!(await repo.removeStaff(tx, unitId, userId))) throw notFound('该账号不是此单位的负责人');
        await audit.record(tx, {
          action: 'org_staff_change',
          outcome: 'success',
          userId: actor.userId,
          ip,
          targetUserId: userId,
          detail: { unitId, change: 'remove' },
        });
      });
    },

    // ---- unit staff: their units only; anything else is 404 ----
    async myUnits(actor: Actor): Promise<OrgUnit[]> {
      return (await staffScope(db, actor)).units;
    },

    async myMembers(actor: Actor, q: OrgMembersFilter): Promise<Page<OrgMember>> {
      const scope = await staffScope(db, actor);
      if (q.unitId !== undefined && !canSeeUnit(scope.visible, q.unitId)) throw unitMissing();
      const unitIds = q.unitId !== undefined ? [...subtreeOf(scope.all, [q.unitId])] : [...scope.visible];
      if (scope.institutionIds.length === 0)
        return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
      return memberPage(db, scope.institutionIds, unitIds, q, pathsOf(scope.all));
    },

    async myMember(actor: Actor, id: number): Promise<OrgMember> {
      const m = await repo.memberById(db, id);
      if (!m) throw memberMissing();
      const scope = await staffScope(db, actor);
      if (!canSeeUnit(scope.visible, m.unitId)) throw memberMissing();
      return toMember(m, pathsOf(scope.all));
    },
  };
}

export type OrgService = ReturnType<typeof createOrgService>;
