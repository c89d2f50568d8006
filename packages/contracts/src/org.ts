import { z } from 'zod';
import { genders, PHONE_PATTERN, telephone } from './auth';
import { id, idParam, page, pageQuery, type PageParams } from './common';

/**
 * 组织与名单: an institution's tree of units (学院/年级/班级, 部门/团队), the people on its roster
 * (imported from xlsx, each with an account matched by phone), and the accounts scoped to
 * some units (辅导员, HR partners: 单位负责人).
 */
export const ORG_UNIT_NAME_MAX = 50;
export const ORG_UNIT_KIND_MAX = 20;
/** How deep a unit path may go (心理学院/2026级/1班 is three). */
export const ORG_UNIT_DEPTH_MAX = 6;
export const ORG_MEMBER_NAME_MAX = 50;
export const ORG_MEMBER_NO_MAX = 32;
export const ORG_KEYWORD_MAX = 50;
/** Roster files: the upload, its rows, and what its zip entries may unpack to (zip-bomb guard). */
export const ROSTER_MAX_BYTES = 2 * 1024 * 1024;
export const ROSTER_MAX_ROWS = 5000;
export const ROSTER_MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
export const BIRTH_YEAR_MIN = 1900;
/** The roster's columns, in the template's order. */
export const rosterColumns = ['姓名', '手机号', '学号/工号', '单位', '性别', '出生年份'] as const;
export const ROSTER_UNIT_SEPARATOR = '/';

export const orgMessages = {
  unitNotEmpty: '该单位下还有下级单位或成员，不能删除',
  unitNameTaken: '同一上级下已有同名单位',
  moveIntoSelf: '不能把单位移动到它自己或它的下级单位中',
  tooDeep: `单位层级最多${ORG_UNIT_DEPTH_MAX}级`,
  fileTooLarge: `名单文件不能超过 ${ROSTER_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `名单最多${ROSTER_MAX_ROWS}行，请拆分后分批导入`,
  notXlsx: '请上传 Excel（.xlsx）格式的名单文件',
  unpackedTooLarge: '名单文件解压后过大，请检查文件',
  noFile: '请选择要导入的名单文件',
  noRows: '名单中没有数据行',
  badHeader: `表头须为：${rosterColumns.join('、')}`,
  staffExists: '该账号已是此单位的负责人',
} as const;

const unitName = z
  .string({ error: '请填写单位名称' })
  .trim()
  .min(1, '请填写单位名称')
  .max(ORG_UNIT_NAME_MAX, `单位名称最多${ORG_UNIT_NAME_MAX}个字`)
  .refine((s) => !s.includes(ROSTER_UNIT_SEPARATOR), '单位名称不能包含“/”');
const unitKind = z
  .string({ error: '单位类型不正确' })
  .trim()
  .max(ORG_UNIT_KIND_MAX, `单位类型最多${ORG_UNIT_KIND_MAX}个字`)
  .default('');

export const orgInstitutionQuery = z.object({ institutionId: idParam({ label: '机构' }) });
export const orgUnitIdParams = z.object({ id: idParam({ label: '单位编号' }) });
export const orgMemberIdParams = z.object({ id: idParam({ label: '成员编号' }) });

/** `POST /api/audit/org/units`: a unit under `parentId` (none: a top unit of the institution). */
export const orgUnitCreateBody = z.object({
  institutionId: id({ label: '机构', required: '请选择机构' }),
  parentId: id({ label: '上级单位' }).nullish(),
  name: unitName,
  kind: unitKind,
});
export type OrgUnitCreateBody = z.input<typeof orgUnitCreateBody>;
export type OrgUnitCreate = z.infer<typeof orgUnitCreateBody>;

/** `PUT /api/audit/org/units/:id`: rename, relabel, or move under another parent (null: to the top). */
export const orgUnitEditBody = z.object({
  name: unitName.optional(),
  kind: unitKind.optional(),
  parentId: id({ label: '上级单位' }).nullish(),
  sort: z.number({ error: '排序不正确' }).int().min(0).max(9999).optional(),
});
export type OrgUnitEditBody = z.input<typeof orgUnitEditBody>;
export type OrgUnitEdit = z.infer<typeof orgUnitEditBody>;

export const orgUnit = z.object({
  id: z.number().int(),
  institutionId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  kind: z.string(),
  sort: z.number().int(),
  /** Members directly in this unit. */
  memberCount: z.number().int(),
});
export type OrgUnit = z.infer<typeof orgUnit>;
export const orgUnitList = z.array(orgUnit);

/** `GET …/members`: a unit (and everything under it) or all, by name, phone or number. */
export const orgMembersQuery = pageQuery.extend({
  institutionId: idParam({ label: '机构' }).optional(),
  unitId: idParam({ label: '单位' }).optional(),
  keyword: z.string().trim().max(ORG_KEYWORD_MAX, `关键词最多${ORG_KEYWORD_MAX}个字`).optional(),
});
export type OrgMembersQuery = { institutionId?: number; unitId?: number; keyword?: string } & PageParams;
export type OrgMembersFilter = z.infer<typeof orgMembersQuery>;

export const orgMember = z.object({
  id: z.number().int(),
  institutionId: z.number().int(),
  unitId: z.number().int(),
  /** 心理学院/2026级/1班 */
  unitPath: z.string(),
  name: z.string(),
  telephone: z.string(),
  memberNo: z.string(),
  gender: z.enum(genders),
  birthYear: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type OrgMember = z.infer<typeof orgMember>;
export const orgMemberPage = page(orgMember);

/** One row of a roster, as read from the sheet (every cell as text). */
export interface RosterRowInput {
  /** The sheet's row number (2 is the first data row). */
  row: number;
  name: string;
  telephone: string;
  memberNo: string;
  unitPath: string;
  gender: string;
  birthYear: string;
}

/** A refused row: what it held and every reason. */
export const rosterBadRow = z.object({
  row: z.number().int(),
  name: z.string(),
  telephone: z.string(),
  memberNo: z.string(),
  unitPath: z.string(),
  gender: z.string(),
  birthYear: z.string(),
  reasons: z.array(z.string()),
});
export type RosterBadRow = z.infer<typeof rosterBadRow>;

/** The answer of an import: written (`ok`) with counts, or nothing written and the bad rows. */
export const rosterImportResult = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unitsCreated: z.number().int(),
  accountsCreated: z.number().int(),
  badRows: z.array(rosterBadRow),
});
export type RosterImportResult = z.infer<typeof rosterImportResult>;

/** `POST /api/audit/org/roster/errors`: the refused rows, answered as an xlsx report. */
export const rosterErrorReportBody = z.object({
  badRows: z.array(rosterBadRow).min(1, '没有需要导出的错误行').max(ROSTER_MAX_ROWS),
});

/** `POST /api/audit/org/units/:id/staff`: the account (by phone) that looks after this unit. */
export const orgStaffBody = z.object({ telephone });
export const orgStaffParams = z.object({
  id: idParam({ label: '单位编号' }),
  userId: idParam({ label: '账号' }),
});
export const orgStaff = z.object({
  unitId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  telephone: z.string(),
  role: z.string(),
});
export type OrgStaff = z.infer<typeof orgStaff>;
export const orgStaffList = z.array(orgStaff);

/**
 * One roster row's problems (empty: good). Pure, used by the server on every row; duplicates
 * within the file are found by the caller, which sees all rows.
 */
export function rosterRowProblems(r: RosterRowInput, thisYear: number): string[] {
  const out: string[] = [];
  if (!r.name) out.push('姓名为空');
  else if (r.name.length > ORG_MEMBER_NAME_MAX) out.push(`姓名最多${ORG_MEMBER_NAME_MAX}个字`);
  if (!r.telephone) out.push('手机号为空');
  else if (!PHONE_PATTERN.test(r.telephone)) out.push('手机号格式不正确（11位，1开头）');
  if (!r.memberNo) out.push('学号/工号为空');
  else if (r.memberNo.length > ORG_MEMBER_NO_MAX) out.push(`学号/工号最多${ORG_MEMBER_NO_MAX}个字符`);
  const parts = splitUnitPath(r.unitPath);
  if (parts.length === 0) out.push('单位为空');
  else if (parts.length > ORG_UNIT_DEPTH_MAX) out.push(orgMessages.tooDeep);
  else if (parts.some((p) => p.length > ORG_UNIT_NAME_MAX)) out.push(`单位名称最多${ORG_UNIT_NAME_MAX}个字`);
  if (r.gender && genderOf(r.gender) === null) out.push('性别须为“男”或“女”');
  if (r.birthYear) {
    const y = Number(r.birthYear);
    if (!/^\d{4}$/.test(r.birthYear) || y < BIRTH_YEAR_MIN || y > thisYear)
      out.push(`出生年份须在${BIRTH_YEAR_MIN}到${thisYear}之间`);
  }
  return out;
}

/** 心理学院 / 2026级 / 1班 -> its names, blanks dropped. */
export const splitUnitPath = (path: string): string[] =>
  path
    .split(ROSTER_UNIT_SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);

/** 男/女 (or male/female, M/F); empty is unknown; anything else null. */
export function genderOf(text: string): (typeof genders)[number] | null {
  const t = text.trim().toLowerCase();
  if (!t) return 'unknown';
  if (t === '男' || t === 'male' || t === 'm') return 'male';
  if (t === '女' || t === 'female' || t === 'f') return 'female';
  return null;
}
