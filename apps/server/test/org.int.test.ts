import { and, count, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_MAX_BYTES, ROSTER_MAX_ROWS, orgMessages } from '@psy/contracts';
import { auditLogs } from '../src/modules/audit/audit.table';
import { institutions } from '../src/modules/institutions/institutions.table';
import { orgMembers, orgUnits } from '../src/modules/org/org.table';
import { users } from '../src/modules/users/users.table';
import { createTestContext, type TestContext } from './context';
import { call, DEMO, login } from './helpers';
import { rosterXlsx, uploadRoster, type RosterRow } from './org-fixtures';

let ctx: TestContext;
let auditor: string;
let user: string;
let staffToken: string;
let school: number;
let other: number;

const student = (n: number, unit = '心理学院/2026级/1班'): RosterRow => [
  `学生${n}`,
  `1390000${String(n).padStart(4, '0')}`,
  `2026${String(n).padStart(4, '0')}`,
  unit,
  n % 2 ? '男' : '女',
  '2008',
];

const xlsx = rosterXlsx;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

/** Uploads a roster as `token` (an auditor unless told) to the audit routes unless `base` says otherwise. */
const upload = (file: Buffer, institutionId = school, token = auditor, name = '名单.xlsx', base?: string) =>
  uploadRoster(ctx.app, token, institutionId, file, { name, base });

async function memberCount(): Promise<number> {
  const [r] = await ctx.database.db.select({ n: count() }).from(orgMembers);
  return Number(r?.n ?? 0);
}

async function unitId(name: string, institutionId = school): Promise<number> {
  const [u] = await ctx.database.db
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(and(eq(orgUnits.institutionId, institutionId), eq(orgUnits.name, name)));
  expect(u, name).toBeDefined();
  return u!.id;
}

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  auditor = await login(ctx.app, DEMO.auditor);
  user = await login(ctx.app, DEMO.user);
  staffToken = await login(ctx.app, '13800000021');
  const rows = await ctx.database.db
    .select({ id: institutions.id })
    .from(institutions)
    .orderBy(institutions.id);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  school = rows[0]!.id;
  other = rows[1]!.id;
});
afterAll(() => ctx.close());

describe('org units and rosters', () => {
  it('documents its routes in the OpenAPI document', async () => {
    const res = await ctx.app.inject('/SysAdmin/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const p of [
      '/SysAdmin/api/audit/org/units',
      '/SysAdmin/api/audit/org/roster',
      '/SysAdmin/api/org/my/members',
    ])
      expect(paths).toContain(p);
  });

  it('lets only auditors and admins manage units and rosters', async () => {
    expect((await api('GET', `/api/audit/org/units?institutionId=${school}`)).status).toBe(401);
    const r = await api('GET', `/api/audit/org/units?institutionId=${school}`, user);
    expect(r.status).toBe(403);
    expect((await upload(await xlsx([student(1)]), school, user)).status).toBe(403);
    expect(await memberCount()).toBe(0);
  });

  it('builds a tree: create, same name refused, rename, move, delete only when empty', async () => {
    const top = await api('POST', '/api/audit/org/units', auditor, {
      institutionId: school,
      name: '心理学院',
      kind: '学院',
    });
    expect(top.status, top.body.message).toBe(200);
    const again = await api('POST', '/api/audit/org/units', auditor, {
      institutionId: school,
      name: '心理学院',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(orgMessages.unitNameTaken);
    const grade = await api('POST', '/api/audit/org/units', auditor, {
      institutionId: school,
      parentId: top.body.data.id,
      name: '2026级',
      kind: '年级',
    });
    expect(grade.status).toBe(200);
    const tmp = await api('POST', '/api/audit/org/units', auditor, {
      institutionId: school,
      parentId: grade.body.data.id,
      name: '临时班',
    });
    const renamed = await api('PUT', `/api/audit/org/units/${tmp.body.data.id}`, auditor, { name: '试验班' });
    expect(renamed.body.data.name).toBe('试验班');
    const loop = await api('PUT', `/api/audit/org/units/${top.body.data.id}`, auditor, {
      parentId: tmp.body.data.id,
    });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toBe(orgMessages.moveIntoSelf);
    const busy = await api('DELETE', `/api/audit/org/units/${grade.body.data.id}`, auditor);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('该单位下还有下级单位或成员，不能删除');
    const moved = await api('PUT', `/api/audit/org/units/${tmp.body.data.id}`, auditor, { parentId: null });
    expect(moved.body.data.parentId).toBeNull();
    expect((await api('DELETE', `/api/audit/org/units/${tmp.body.data.id}`, auditor)).status).toBe(200);
    const list = await api('GET', `/api/audit/org/units?institutionId=${school}`, auditor);
    expect(list.body.data.map((u: { name: string }) => u.name).sort()).toEqual(['2026级', '心理学院']);
  });

  it('imports a good roster: units created, accounts matched or created without a password, audited', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => student(i + 1, `心理学院/2026级/${(i % 3) + 1}班`));
    // The demo user is on the roster: their account is matched, not created.
    rows[0] = ['张小雨', DEMO.user, '20260001', '心理学院/2026级/1班', '女', 2007];
    const r = await upload(await xlsx(rows));
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      ok: true,
      rows: 30,
      created: 30,
      updated: 0,
      unitsCreated: 3,
      accountsCreated: 29,
      badRows: [],
    });
    expect(r.body.message).toBe('导入完成：新增30人，更新0人');
    const [noPassword] = await ctx.database.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.institutionId, school), isNull(users.passwordHash), eq(users.role, 'user')));
    expect(Number(noPassword?.n)).toBeGreaterThanOrEqual(29);
    const grade = await unitId('2026级');
    const all = await api('GET', `/api/audit/org/members?unitId=${grade}&pageSize=100`, auditor);
    expect(all.body.data.total).toBe(30);
    expect(all.body.data.list[0].unitPath).toMatch(/^心理学院\/2026级\/\d班$/);
    const one = await api('GET', `/api/audit/org/members?unitId=${await unitId('2班')}`, auditor);
    expect(one.body.data.total).toBe(10);
    const found = await api(
      'GET',
      `/api/audit/org/members?institutionId=${school}&keyword=${encodeURIComponent('学生7')}`,
      auditor,
    );
    expect(found.body.data.list.map((m: { name: string }) => m.name)).toEqual(['学生7']);
    const [audited] = await ctx.database.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'roster_import'), eq(auditLogs.outcome, 'success')));
    expect(Number(audited?.n)).toBe(1);
  });

  it('writes nothing from a file with bad rows, lists them, and reports them as xlsx', async () => {
    const before = await memberCount();
    const r = await upload(
      await xlsx([
        student(101, '心理学院/2027级/1班'),
        ['', '12345', '20260102', '心理学院/2027级/1班', '男', 2008],
        student(103, '心理学院/2027级/1班'),
        [...student(104, '心理学院/2027级/1班').slice(0, 2), '20260103', '心理学院/2027级/1班', '男', 1850],
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.ok).toBe(false);
    expect(r.body.data.badRows.map((b: { row: number; reasons: string[] }) => [b.row, b.reasons])).toEqual([
      [3, ['姓名为空', '手机号格式不正确（11位，1开头）']],
      [5, [expect.stringMatching(/^出生年份须在1900到20\d\d之间$/), '学号/工号与第4行重复']],
    ]);
    expect(r.body.message).toBe('有2行有误，未导入任何数据');
    expect(await memberCount()).toBe(before);
    const units = await ctx.database.db.select().from(orgUnits).where(eq(orgUnits.name, '2027级'));
    expect(units).toEqual([]);
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/SysAdmin/api/audit/org/roster/errors',
      headers: { serviceToken: auditor },
      payload: { badRows: r.body.data.badRows },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(2).getCell(8).value).toBe('姓名为空；手机号格式不正确（11位，1开头）');
    expect(ws.getRow(3).getCell(7).value).toBe('5');
  });

  it('refuses a phone another member already holds', async () => {
    const before = await memberCount();
    const r = await upload(
      await xlsx([['新人', '13900000005', '20269999', '心理学院/2026级/1班', '女', 2008]]),
    );
    expect(r.body.data.ok).toBe(false);
    expect(r.body.data.badRows[0].reasons).toEqual(['手机号已被学号/工号 20260005 使用']);
    expect(await memberCount()).toBe(before);
  });

  it('updates by 学号/工号 on re-import, never duplicating', async () => {
    const before = await memberCount();
    const r = await upload(
      await xlsx([
        ['学生二改', '13900000002', '20260002', '心理学院/2026级/3班', '女', 2009],
        student(31, '心理学院/2026级/3班'),
      ]),
    );
    expect(r.body.data).toMatchObject({ ok: true, created: 1, updated: 1, unitsCreated: 0 });
    expect(await memberCount()).toBe(before + 1);
    const [m] = await ctx.database.db.select().from(orgMembers).where(eq(orgMembers.memberNo, '20260002'));
    expect(m).toMatchObject({ name: '学生二改', unitId: await unitId('3班'), birthYear: 2009 });
  });

  it('guards the upload: size, non-xlsx, header, row count, unpacked size', async () => {
    const big = await upload(Buffer.alloc(ROSTER_MAX_BYTES + 1, 1));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(orgMessages.fileTooLarge);
    const text = await upload(Buffer.from('姓名,手机号\n张三,13900000001\n'), school, auditor, 'a.csv');
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(orgMessages.notXlsx);
    const header = await upload(await xlsx([student(1)], ['名字', '电话', '编号', '单位', '性别', '年份']));
    expect(header.body.message).toBe(orgMessages.badHeader);
    const many = await upload(
      await xlsx(Array.from({ length: ROSTER_MAX_ROWS + 1 }, (_, i) => student(i + 1))),
    );
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(orgMessages.tooManyRows);
    // A zip whose one entry claims to unpack to 30 MB: refused before anything is inflated.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    name.copy(local, 30);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(30 * 1024 * 1024, 24);
    central.writeUInt16LE(name.length, 28);
    name.copy(central, 46);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length, 12);
    end.writeUInt32LE(local.length, 16);
    const bomb = await upload(Buffer.concat([local, central, end]));
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toBe(orgMessages.unpackedTooLarge);
  });

  it('scopes unit staff to their units: foreign units and members answer 404', async () => {
    const grade = await unitId('2026级');
    const none = await api('GET', '/api/org/my/units', staffToken);
    expect(none.body.data).toEqual([]);
    const add = await api('POST', `/api/audit/org/units/${await unitId('1班')}/staff`, auditor, {
      telephone: '13800000021',
    });
    expect(add.status, add.body.message).toBe(200);
    const twice = await api('POST', `/api/audit/org/units/${await unitId('1班')}/staff`, auditor, {
      telephone: '13800000021',
    });
    expect(twice.status).toBe(409);
    const staff = await api('GET', `/api/audit/org/units/${await unitId('1班')}/staff`, auditor);
    expect(staff.body.data.map((s: { telephone: string }) => s.telephone)).toEqual(['13800000021']);

    const mine = await api('GET', '/api/org/my/units', staffToken);
    expect(mine.body.data.map((u: { name: string }) => u.name)).toEqual(['1班']);
    const members = await api('GET', '/api/org/my/members?pageSize=100', staffToken);
    expect(members.status).toBe(200);
    expect(members.body.data.total).toBe(10);
    const own = members.body.data.list[0];
    expect((await api('GET', `/api/org/my/members/${own.id}`, staffToken)).body.data.name).toBe(own.name);

    expect((await api('GET', `/api/org/my/members?unitId=${grade}`, staffToken)).status).toBe(404);
    const foreign = await api('GET', `/api/audit/org/members?unitId=${await unitId('2班')}`, auditor);
    const r = await api('GET', `/api/org/my/members/${foreign.body.data.list[0].id}`, staffToken);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('成员不存在');
    expect((await api('GET', '/api/org/my/members/999999', staffToken)).status).toBe(404);
    // An account of another institution's unit sees nothing of this one.
    const elsewhere = await api('POST', '/api/audit/org/units', auditor, {
      institutionId: other,
      name: '人力资源部',
    });
    expect(elsewhere.status).toBe(200);
    expect(
      (await api('GET', `/api/org/my/members?unitId=${elsewhere.body.data.id}`, staffToken)).status,
    ).toBe(404);

    const removed = await api(
      'DELETE',
      `/api/audit/org/units/${await unitId('1班')}/staff/${add.body.data.userId}`,
      auditor,
    );
    expect(removed.status).toBe(200);
    expect((await api('GET', '/api/org/my/units', staffToken)).body.data).toEqual([]);
    expect((await api('GET', `/api/org/my/members/${own.id}`, staffToken)).status).toBe(404);
  });

  it("lets an institution's own experts manage that institution, and answers 404 for any other", async () => {
    const institutionOf = async (telephone: string) =>
      (
        await ctx.database.db
          .select({ id: users.institutionId })
          .from(users)
          .where(eq(users.telephone, telephone))
      )[0]!.id!;
    const own = await institutionOf(DEMO.expert);
    const elsewhere = await institutionOf('13800000012');
    expect(own).not.toBe(elsewhere);
    const expert = await login(ctx.app, DEMO.expert);
    const stranger = await login(ctx.app, '13800000012');
    const base = '/api/expert/org';

    // Only experts reach these routes; users and auditors have theirs.
    expect((await api('GET', `${base}/units?institutionId=${own}`, user)).status).toBe(403);
    expect((await api('GET', `${base}/units?institutionId=${own}`)).status).toBe(401);

    const tree = await api('GET', `${base}/units?institutionId=${own}`, expert);
    expect(tree.status).toBe(200);
    const audited = await api('GET', `/api/audit/org/units?institutionId=${own}`, auditor);
    expect(tree.body.data).toEqual(audited.body.data);

    const made = await api('POST', `${base}/units`, expert, { institutionId: own, name: '学生工作部' });
    expect(made.status, made.body.message).toBe(200);
    const id = made.body.data.id as number;
    const renamed = await api('PUT', `${base}/units/${id}`, expert, { name: '学生工作处', kind: '部门' });
    expect(renamed.body.data.name).toBe('学生工作处');
    const imported = await upload(
      await xlsx([student(71, '学生工作处/心理委员'), student(72, '学生工作处/心理委员')]),
      own,
      expert,
      '名单.xlsx',
      base,
    );
    expect(imported.status, imported.body.message).toBe(200);
    expect(imported.body.data).toMatchObject({ ok: true, created: 2, unitsCreated: 1 });
    const members = await api('GET', `${base}/members?unitId=${id}`, expert);
    expect(members.body.data.total).toBe(2);
    const staffed = await api('POST', `${base}/units/${id}/staff`, expert, { telephone: '13800000022' });
    expect(staffed.status, staffed.body.message).toBe(200);

    // Another institution's expert: every id of this institution is as if it did not exist.
    const before = await memberCount();
    const tries = [
      await api('GET', `${base}/units?institutionId=${own}`, stranger),
      await api('POST', `${base}/units`, stranger, { institutionId: own, name: '外来单位' }),
      await api('PUT', `${base}/units/${id}`, stranger, { name: '被改名' }),
      await api('DELETE', `${base}/units/${id}`, stranger),
      await api('GET', `${base}/members?unitId=${id}`, stranger),
      await api('GET', `${base}/members?institutionId=${own}`, stranger),
      await api('GET', `${base}/units/${id}/staff`, stranger),
      await api('POST', `${base}/units/${id}/staff`, stranger, { telephone: '13800000021' }),
      await api('DELETE', `${base}/units/${id}/staff/${staffed.body.data.userId}`, stranger),
    ];
    for (const t of tries) {
      expect(t.status, t.body.message).toBe(404);
      expect(['机构不存在', '单位不存在']).toContain(t.body.message);
    }
    const foreignUpload = await upload(await xlsx([student(73)]), own, stranger, '名单.xlsx', base);
    expect(foreignUpload.status).toBe(404);
    expect(await memberCount()).toBe(before);
    const after = await api('GET', `${base}/units/${id}/staff`, expert);
    expect(after.body.data.map((s: { telephone: string }) => s.telephone)).toEqual(['13800000022']);
    const kept = await api('GET', `${base}/units?institutionId=${own}`, expert);
    expect(kept.body.data.find((u: { id: number }) => u.id === id).name).toBe('学生工作处');
    // The stranger still manages their own institution.
    expect((await api('GET', `${base}/units?institutionId=${elsewhere}`, stranger)).status).toBe(200);
    expect((await api('GET', `${base}/units?institutionId=${elsewhere}`, expert)).status).toBe(404);

    // Back out: staff removed, members stay (a unit with members is not deleted).
    const removed = await api('DELETE', `${base}/units/${id}/staff/${staffed.body.data.userId}`, expert);
    expect(removed.status).toBe(200);
    const refused = await api('DELETE', `${base}/units/${id}`, expert);
    expect(refused.status).toBe(409);
  });
});
