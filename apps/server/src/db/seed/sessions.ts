import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { systemClock } from '../../lib/clock';
import { formatShanghai, orderNoStamp } from '../../lib/time';
import { bookings } from '../../modules/bookings/bookings.table';
import { expertProfiles } from '../../modules/experts/experts.table';
import { sessionNotes } from '../../modules/session-notes/session-notes.table';
import { users } from '../../modules/users/users.table';
import type { Db } from '../client';
import { insertPastBooking } from './past-booking';

const DAY = 86_400_000;

/** Past sessions of the demo user with the demo expert: [days ago, topic, the note written after it]. */
const SESSIONS: [daysAgo: number, topic: string, note: typeof sessionNotes.$inferInsert | null][] = [
  [
    21,
    '工作压力大，入睡困难，想学习放松的方法',
    {
      bookingId: 0,
      userId: 0,
      authorId: 0,
      topic: '职场压力与睡眠',
      risk: 'low',
      nextStep: '布置睡眠日记与腹式呼吸练习，两周后复谈，届时复测 PHQ-9。',
      content:
        '来访者近一个月项目压力大，入睡需一小时以上，早醒。情绪低落但能维持工作，无自伤想法。讨论了压力来源与可控部分，介绍了刺激控制法和腹式呼吸，来访者愿意尝试。',
    },
  ],
  // The newest one has no note yet: the expert writes it (the e2e does, through the booking page).
  [7, '复谈：睡眠有改善，但和同事的关系让我很焦虑', null],
];

/**
 * Completed, paid sessions of the demo user (13800000001) with the demo expert (13800000002), so
 * the person's record and the session note on a completed booking can be shown. Only the demo
 * server calls this (server.ts, like the statistics seed): the integration tests' seed stays
 * without them. Runs once: nothing is added when these sessions are there already (the
 * feedback seed's past consultations are others, left for feedback).
 */
export async function seedDemoSessions(db: Db, now = systemClock()): Promise<number> {
  const people = await db
    .select({ id: users.id, telephone: users.telephone, name: users.name })
    .from(users)
    .where(inArray(users.telephone, ['13800000001', '13800000002']));
  const person = people.find((p) => p.telephone === '13800000001');
  const expert = people.find((p) => p.telephone === '13800000002');
  if (!person || !expert) return 0;
  const [done] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, person.id),
        eq(bookings.expertId, expert.id),
        inArray(
          bookings.topic,
          SESSIONS.map(([, topic]) => topic),
        ),
      ),
    )
    .limit(1);
  if (done) return 0;
  const [profile] = await db.select().from(expertProfiles).where(eq(expertProfiles.userId, expert.id));
  const priceFen = profile?.priceFen ?? 30000;
  const minutes = profile?.sessionMinutes ?? 50;

  return db.transaction(async (tx) => {
    let made = 0;
    for (const [daysAgo, topic, note] of SESSIONS) {
      // 10:00 in Shanghai (02:00 UTC), `daysAgo` days back.
      const day = new Date(now.getTime() - daysAgo * DAY);
      const startsAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 2, 0));
      const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
      const bookedAt = new Date(startsAt.getTime() - 3 * DAY);
      const bookingId = await insertPastBooking(tx, {
        userId: person.id,
        expertId: expert.id,
        startsAt,
        endsAt,
        bookedAt,
        priceFen,
        topic,
        slotStatus: 'open',
        order: {
          orderNo: `P${orderNoStamp(bookedAt)}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`,
          title: `心理咨询预约：${expert.name} ${formatShanghai(startsAt)}`,
          expiresAt: new Date(bookedAt.getTime() + 30 * 60_000),
          paidAt: new Date(bookedAt.getTime() + 60_000),
        },
      });
      if (!bookingId) continue;
      if (note) {
        const at = new Date(endsAt.getTime() + 30 * 60_000);
        await tx.insert(sessionNotes).values({
          ...note,
          bookingId,
          userId: person.id,
          authorId: expert.id,
          createdAt: at,
          updatedAt: at,
        });
      }
      made++;
    }
    return made;
  });
}
