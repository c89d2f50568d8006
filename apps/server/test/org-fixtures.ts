import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { rosterColumns } from '@psy/contracts';
import type { DbOrTx } from '../src/db/client';
import { XLSX_TYPE } from '../src/lib/reply';
import { institutions } from '../src/modules/institutions/institutions.table';
import { orgUnits } from '../src/modules/org/org.table';
import { users } from '../src/modules/users/users.table';
import { multipart } from './helpers';

/** A roster row as the template has it: name, phone, 学号/工号, unit path, gender, birth year. */
export type RosterRow = (string | number)[];

/** An xlsx roster file: the header (the template's unless given), then the rows. */
export async function rosterXlsx(
  rows: RosterRow[],
  header: readonly string[] = rosterColumns,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('名单');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Uploads a roster file as `token` under `base` (the audit or the expert routes); the raw answer. */
export async function uploadRoster(
  app: FastifyInstance,
  token: string,
  institutionId: number,
  file: Buffer,
  opts: { name?: string; base?: string } = {},
) {
  const { payload, contentType } = multipart(file, opts.name ?? '名单.xlsx', XLSX_TYPE);
  const res = await app.inject({
    method: 'POST',
    url: `/SysAdmin${opts.base ?? '/api/audit/org'}/roster?institutionId=${institutionId}`,
    headers: { serviceToken: token, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { data: any; message: string } };
}

/** Imports these rows as `token` (an auditor) and checks that all of them were written. */
export async function importRoster(
  app: FastifyInstance,
  token: string,
  institutionId: number,
  rows: RosterRow[],
) {
  const r = await uploadRoster(app, token, institutionId, await rosterXlsx(rows));
  expect(r.status, r.body.message).toBe(200);
  expect(r.body.data.ok, JSON.stringify(r.body.data.badRows)).toBe(true);
  return r.body.data;
}

/** The first institution the seed made (the one the campaign tests screen). */
export async function firstInstitutionId(db: DbOrTx): Promise<number> {
  const [inst] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .orderBy(institutions.id)
    .limit(1);
  return inst!.id;
}

/** An institution's units by `parent/name` (a top unit by its name alone). */
export async function unitIdsByPath(db: DbOrTx, institutionId: number): Promise<Record<string, number>> {
  const units = await db.select().from(orgUnits).where(eq(orgUnits.institutionId, institutionId));
  const byId = new Map(units.map((u) => [u.id, u]));
  return Object.fromEntries(
    units.map((u) => {
      const parent = u.parentId === null ? undefined : byId.get(u.parentId);
      return [parent ? `${parent.name}/${u.name}` : u.name, u.id];
    }),
  );
}

/** An account's id by its phone. */
export async function userIdOf(db: DbOrTx, telephone: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.telephone, telephone));
  return u!.id;
}
