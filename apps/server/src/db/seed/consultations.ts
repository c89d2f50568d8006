import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { addDays, formatDateTime, orderNoStamp, shanghaiDate, shanghaiInstant } from '../../lib/time';
import { bookings } from '../../modules/bookings/bookings.table';
import { expertProfiles } from '../../modules/experts/experts.table';
import { feedback } from '../../modules/feedback/feedback.table';
import { users } from '../../modules/users/users.table';
import type { Db } from '../client';
import { insertPastBooking } from './past-booking';

interface PastConsultation {
  user: string;
  expert: string;
  daysAgo: number;
  /** Shanghai time; a quarter past, so it never meets a weekly opening's slot. */
  at: string;
  topic: string;
  feedback?: { rating: number; content: string; anonymous: boolean; reply?: string };
}

/**
 * Consultations that already took place, with what people said about them. The demo user's
 * with the demo expert has no feedback yet: leaving it is theirs to try (and the browser test's).
 */
export const pastConsultations: PastConsultation[] = [
  {
    user: '13800000001',
    expert: '13800000002',
    daysAgo: 6,
    at: '10:15',
    topic: '最近工作压力大，晚上总是睡不着',
  },
  {
    user: '13800000021',
    expert: '13800000002',
    daysAgo: 13,
    at: '14:15',
    topic: '考研复习期间焦虑，注意力很难集中',
    feedback: {
      rating: 5,
      content: '王老师很耐心，帮我理清了焦虑背后的想法，还教了几个放松的方法，回去试了很有用。',
      anonymous: false,
      reply: '谢谢你的信任！放松练习每天坚持十分钟效果会更好，复习期间有需要随时再约。',
    },
  },
  {
    user: '13800000022',
    expert: '13800000002',
    daysAgo: 20,
    at: '19:15',
    topic: '和父母沟通总是吵起来',
    feedback: {
      rating: 4,
      content: '咨询很专业，给了我和家人沟通的具体建议。就是时间有点短，希望下次能多聊一会儿。',
      anonymous: true,
    },
  },
  {
    user: '13800000021',
    expert: '13800000012',
    daysAgo: 9,
    at: '15:15',
    topic: '失眠两个月，想了解要不要就医',
    feedback: {
      rating: 5,
      content: '刘医生讲得很清楚，区分了什么情况需要药物、什么情况先调整作息，心里踏实多了。',
      anonymous: false,
      reply: '按我们约定的作息先坚持两周，如果仍然入睡困难，记得来门诊复诊。',
    },
  },
  {
    user: '13800000022',
    expert: '13800000013',
    daysAgo: 16,
    at: '20:15',
    topic: '毕业后迷茫，不知道该不该考公',
    feedback: {
      rating: 4,
      content: '老师没有直接替我做决定，而是陪我一起梳理了自己在意的东西，很受启发。',
      anonymous: true,
    },
  },
];

/**
 * Completed bookings (each with its paid order and a closed slot in the past) and their
 * feedback, where the pair has no completed booking yet: a second run adds nothing.
 */
export async function seedConsultations(db: Db, clock: Clock): Promise<void> {
  const phones = [...new Set(pastConsultations.flatMap((c) => [c.user, c.expert]))];
  const people = await db
    .select({ id: users.id, telephone: users.telephone, name: users.name })
    .from(users)
    .where(inArray(users.telephone, phones));
  const byPhone = new Map(people.map((p) => [p.telephone, p]));
  const today = shanghaiDate(clock());
  for (const [i, c] of pastConsultations.entries()) {
    const user = byPhone.get(c.user);
    const expert = byPhone.get(c.expert);
    if (!user || !expert) continue;
    await db.transaction(async (tx) => {
      const [done] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.userId, user.id),
            eq(bookings.expertId, expert.id),
            eq(bookings.status, 'completed'),
          ),
        );
      if (done) return;
      const [profile] = await tx.select().from(expertProfiles).where(eq(expertProfiles.userId, expert.id));
      if (!profile) return;
      const startsAt = shanghaiInstant(addDays(today, -c.daysAgo), c.at);
      const endsAt = new Date(startsAt.getTime() + profile.sessionMinutes * 60_000);
      const bookedAt = new Date(startsAt.getTime() - 3 * 86_400_000);
      const bookingId = await insertPastBooking(tx, {
        userId: user.id,
        expertId: expert.id,
        startsAt,
        endsAt,
        bookedAt,
        priceFen: profile.priceFen,
        topic: c.topic,
        slotStatus: 'closed',
        order: {
          orderNo: `P${orderNoStamp(bookedAt)}${String(800000 + i)}`,
          title: `咨询预约：${expert.name} ${formatDateTime(startsAt)}`,
          providerTxnId: `SBDEMOBK${i}`,
          expiresAt: new Date(bookedAt.getTime() + 15 * 60_000),
          paidAt: bookedAt,
        },
        booking: { reminder24SentAt: startsAt, reminder1SentAt: startsAt, updatedAt: endsAt },
      });
      if (!bookingId || !c.feedback) return;
      const writtenAt = new Date(endsAt.getTime() + 2 * 3_600_000);
      const handledAt = c.feedback.reply ? new Date(writtenAt.getTime() + 20 * 3_600_000) : null;
      await tx.insert(feedback).values({
        kind: 'booking',
        objectId: bookingId,
        userId: user.id,
        expertId: expert.id,
        subjectTitle: `${expert.name} 老师的咨询（${formatDateTime(startsAt)}）`,
        rating: c.feedback.rating,
        content: c.feedback.content,
        anonymous: c.feedback.anonymous,
        status: handledAt ? 'handled' : 'open',
        reply: c.feedback.reply ?? null,
        handledAt,
        createdAt: writtenAt,
        updatedAt: handledAt ?? writtenAt,
      });
    });
  }
}
