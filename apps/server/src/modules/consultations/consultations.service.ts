import type { ConsultationPage, ConsultationsQuery } from '@psy/contracts';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { consultationsRepository as repo } from './consultations.repository';

export interface ConsultationsDeps {
  db: Db;
  clock: Clock;
}

/** Times come back from JSON and aggregates as text in the driver's format; answers carry ISO. */
const iso = (t: string | Date) => new Date(t).toISOString();

export function createConsultationsService({ db, clock }: ConsultationsDeps) {
  return {
    /** 专家咨询: the caller's own experts (only ever their own: the query is scoped to them). */
    async mine(actor: Actor, q: ConsultationsQuery): Promise<ConsultationPage> {
      const { rows, total } = await repo.page(db, actor.userId, clock(), q);
      return {
        list: rows.map((r) => ({
          expert: { id: r.id, name: r.name, avatar: r.avatar, title: r.title, institution: r.institution },
          chat:
            r.chatId !== null && r.chatLastActivityAt !== null
              ? { id: r.chatId, unread: Number(r.unread), lastActivityAt: iso(r.chatLastActivityAt) }
              : null,
          nextBooking: r.nextBooking
            ? {
                ...r.nextBooking,
                startsAt: iso(r.nextBooking.startsAt),
                endsAt: iso(r.nextBooking.endsAt),
              }
            : null,
          bookingCount: Number(r.bookingCount),
          lastContactAt: iso(r.lastContactAt),
        })),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },
  };
}
export type ConsultationsService = ReturnType<typeof createConsultationsService>;
