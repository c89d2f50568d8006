import { and, eq } from 'drizzle-orm';
import { CAMPAIGN_CONTACT_HOURS_DEFAULT, rosterColumns } from '@psy/contracts';
import { systemClock } from '../../lib/clock';
import { hashPassword } from '../../lib/password';
import { assessmentParts } from '../../modules/assessments/assessments.table';
import { campaigns } from '../../modules/campaigns/campaigns.table';
import { institutions } from '../../modules/institutions/institutions.table';
import { plans } from '../../modules/plans/plans.table';
import { users } from '../../modules/users/users.table';
import type { Services } from '../../services';
import type { Db } from '../client';
import { DEMO_PASSWORD } from './demo-data';

const DAY = 86_400_000;
export const DEMO_CAMPAIGN_TITLE = '2026 级新生心理健康普查';
const SCHOOL = '上海青禾大学生心理健康服务站';
/** 计算机学院's counsellor (辅导员): a unit staff account the README lists. */
export const DEMO_STAFF = { telephone: '13800000005', name: '吴嘉宁' };

const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾';
const givens = [
  '子涵',
  '雨桐',
  '浩宇',
  '欣怡',
  '梓萱',
  '宇轩',
  '思远',
  '佳怡',
  '俊杰',
  '诗涵',
  '一鸣',
  '晨曦',
  '若溪',
  '泽楷',
];

/**
 * [name, telephone, 学号, unit path]: thirty new students of two colleges. The demo user
 * (张小雨) and 李晨 are on it, so signing in as them shows 我的筛查.
 */
function rosterRows(): [string, string, string, string][] {
  const rows: [string, string, string, string][] = [
    ['张小雨', '13800000001', '2026010101', '经济学院/2026级/1班'],
    ['李晨', '13800000021', '2026020101', '计算机学院/2026级/1班'],
  ];
  for (let i = 0; i < 28; i++) {
    const name = `${surnames[i % surnames.length]}${givens[(i * 5) % givens.length]}`;
    const cs = i % 3 !== 2; // two in three study computing
    const klass = cs ? (i % 2) + 1 : 1;
    const no = `2026${cs ? '02' : '01'}${String(klass).padStart(2, '0')}${String(i + 2).padStart(2, '0')}`;
    rows.push([
      name,
      `1390021${String(i + 1).padStart(4, '0')}`,
      no,
      `${cs ? '计算机学院' : '经济学院'}/2026级/${klass}班`,
    ]);
  }
  return rows;
}

async function rosterFile(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('名单');
  ws.addRow([...rosterColumns]);
  rosterRows().forEach(([name, phone, no, unit], i) =>
    ws.addRow([name, phone, no, unit, i % 2 ? '男' : '女', 2008]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** How each of the first generated students answers (option position on every item); the rest have not begun. */
const answering: (number | 'started')[] = [0, 1, 0, 2, 1, 0, 3, 1, 0, 'started', 1, 'started', 0];

/**
 * A screening campaign under way at the demo university, made through the services as an
 * administrator would make it: units and a roster of 30 (imported from an xlsx), a counsellor
 * in charge of 计算机学院, the campaign opened (notices sent), and a dozen students who took it
 * through the plan flow (each part's answers written at once, then submitted and scored by the
 * service: one answers with severe symptoms and raises a warning). Only the demo server
 * calls this, once: nothing happens when the campaign is there already.
 */
export async function seedDemoCampaign(
  db: Db,
  services: Pick<Services, 'org' | 'campaigns' | 'assessments'>,
  now = systemClock(),
): Promise<number> {
  const [done] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.title, DEMO_CAMPAIGN_TITLE));
  if (done) return 0;
  const [school] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.name, SCHOOL));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.telephone, '13800000004'));
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.title, '大学生心理健康普查'));
  if (!school || !admin || !plan) return 0;
  const actor = { userId: admin.id, role: 'admin' };

  // The counsellor signs in with the demo password like the other demo accounts.
  await db
    .insert(users)
    .values({
      telephone: DEMO_STAFF.telephone,
      name: DEMO_STAFF.name,
      role: 'user',
      gender: 'female',
      birthday: '1993-06-18',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      institutionId: school.id,
    })
    .onConflictDoNothing({ target: users.telephone });

  const imported = await services.org.importRoster(actor, school.id, await rosterFile(), null);
  if (!imported.ok) throw new Error(`demo roster refused: ${JSON.stringify(imported.badRows)}`);
  const units = await services.org.units(actor, school.id);
  const unitId = (name: string, parentId: number | null) =>
    units.find((u) => u.name === name && u.parentId === parentId)!.id;
  const cs = unitId('计算机学院', null);
  const econ = unitId('经济学院', null);
  // A run cut short after this step finds the counsellor there already.
  if (!(await services.org.staff(actor, cs)).some((m) => m.telephone === DEMO_STAFF.telephone))
    await services.org.addStaff(actor, cs, DEMO_STAFF.telephone, null);

  const c = await services.campaigns.create(actor, {
    institutionId: school.id,
    title: DEMO_CAMPAIGN_TITLE,
    planId: plan.id,
    scaleId: null,
    unitIds: [unitId('2026级', cs), unitId('2026级', econ)],
    opensAt: new Date(now.getTime() - 4 * DAY).toISOString(),
    closesAt: new Date(now.getTime() + 10 * DAY).toISOString(),
    consentText:
      '本次普查由学校心理健康服务站组织，目的是及早发现需要关心和帮助的同学。你的作答和分数只有服务站的专业老师可以查看；辅导员只能看到你是否已完成和需要关注的程度。若结果提示需要关注，老师会在规定时间内与你联系。参与是自愿的，你可以随时停止。',
    showResultToMember: true,
    reminderDaysBeforeClose: [3, 1],
    contactHours: [...CAMPAIGN_CONTACT_HOURS_DEFAULT],
  });
  await services.campaigns.open(actor, c.id);

  // Students take it through the ordinary plan flow.
  const students = rosterRows().slice(2, 2 + answering.length);
  const ids = new Map(
    (await db.select({ id: users.id, telephone: users.telephone }).from(users)).map((u) => [
      u.telephone,
      u.id,
    ]),
  );
  let taken = 0;
  for (const [i, [name, phone, no]] of students.entries()) {
    const me = { userId: ids.get(phone)!, role: 'user' };
    const { assessmentId } = await services.campaigns.start(me, c.id);
    await services.assessments.consent(me, assessmentId);
    await services.assessments.basicInfo(me, assessmentId, {
      name,
      gender: i % 2 ? 'male' : 'female',
      age: 18,
      regionCode: '310110',
      phone: null,
      extra: { college: phone.endsWith('3') ? '经济管理学院' : '工学院', studentNo: no },
    });
    const how = answering[i]!;
    const state = await services.assessments.get(me, assessmentId);
    for (const part of state.parts) {
      const items = how === 'started' ? part.items.slice(0, 3) : part.items;
      // The part's answers in one write, the same map that answering item by item leaves (each
      // an item and option of this part, as `answer` would accept); item by item through the
      // service they took most of a second of every fresh start (issue 18: start time).
      const answers: Record<string, number> = {};
      for (const [n, item] of items.entries()) {
        const top = item.options.length - 1;
        // Only the one with severe symptoms gives the last item (PHQ-9's self-harm item) above zero.
        const pick = how === 'started' ? 1 : n === part.items.length - 1 && how !== 3 ? 0 : how;
        answers[String(item.number)] = item.options[Math.min(top, pick)]!.position;
      }
      await db
        .update(assessmentParts)
        .set({ answers })
        .where(and(eq(assessmentParts.assessmentId, assessmentId), eq(assessmentParts.position, part.index)));
      if (how === 'started') break;
      await services.assessments.submitPart(me, assessmentId, { part: part.index, durationSeconds: 240 });
    }
    taken++;
  }
  return taken;
}
