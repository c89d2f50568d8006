import type { PersonalRecord, RecordVia, RecordViewsPage } from '@psy/contracts';
import { recordVias } from '@psy/contracts';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { maskPhone } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import type { AssessmentsService } from '../assessments';
import type { AuditService } from '../audit';
import { cooperationGrantOf, type CooperationsService } from '../cooperations';
import { followsUpWarnings, recordAccess, seesFullPhone, viewerShown } from './records.policy';
import { recordsRepository as repo } from './records.repository';
import { builtinRecordSources, type RecordSourceDeps } from './records.sources';
import { assembleTimeline, countsOf, trendsOf, type RecordSource } from './records.timeline';

export interface RecordsServiceDeps extends RecordSourceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  assessments: Pick<AssessmentsService, 'recordOf' | 'follows'>;
  cooperations: Pick<CooperationsService, 'ofPerson' | 'consultedOn'>;
}

const missing = () => notFound('心理档案不存在');

/** Whole years between a birthday (yyyy-mm-dd) and now. */
function ageOf(birthday: string | null, now: Date): number | null {
  if (!birthday) return null;
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const today = { y: now.getUTCFullYear(), m: now.getUTCMonth() + 1, d: now.getUTCDate() };
  const age = today.y - y - (today.m < m || (today.m === m && today.d < d) ? 1 : 0);
  return age >= 0 && age < 150 ? age : null;
}

/**
 * 心理档案: one timeline of everything about a person that the experts serving them write or
 * read (assessments and trends, warnings and follow-up, bookings and session notes, transfers,
 * cooperations, and whatever later sources register). Opened by their expert, a cooperating
 * expert within scope, or an auditor; every opening (and every refusal) is written to the
 * audit log, and the person sees who opened it.
 */
export function createRecordsService(deps: RecordsServiceDeps) {
  const { db, clock, audit, assessments, cooperations } = deps;
  const sources: RecordSource[] = builtinRecordSources(deps);

  return {
    /** Adds a part to every timeline (the feedback module's, later): see RecordSource. */
    registerSource(source: RecordSource) {
      sources.push(source);
    },

    async open(actor: Actor, userId: number, meta: { ip: string | null }): Promise<PersonalRecord> {
      // Who the person is and how the expert stands to them, read together (an expert's ties
      // to an id that is not a person's come back empty and are not used).
      const expert = actor.role === 'expert';
      const [person, follows, grantOf] = await Promise.all([
        repo.person(db, userId),
        expert ? assessments.follows(db, actor.userId, userId) : false,
        expert ? cooperationGrantOf(db, actor.userId, userId) : null,
      ]);
      const isPerson = person?.role === 'user';
      const serves = isPerson && follows;
      const grant = isPerson ? grantOf : null;
      const access = recordAccess(actor, { isPerson, serves, grant });
      const ctx = access ? { userId, actor, access } : null;
      // The view is recorded while the timeline is read; if recording fails, nothing is answered.
      const [, parts] = await Promise.all([
        audit.record(db, {
          action: 'record_view',
          outcome: access ? 'success' : 'failure',
          userId: actor.userId,
          targetUserId: isPerson ? userId : null,
          ip: meta.ip,
          detail: {
            personId: userId,
            via: access?.via ?? null,
            cooperationId: access?.cooperationId ?? null,
          },
        }),
        ctx ? Promise.all(sources.map((s) => s.entries(db, ctx))) : null,
      ]);
      if (!access || !person || !parts) throw missing();
      const timeline = assembleTimeline(parts);
      return {
        person: {
          id: person.id,
          name: person.name,
          gender: person.gender,
          age: ageOf(person.birthday, clock()),
          telephone: seesFullPhone(access) ? person.telephone : maskPhone(person.telephone),
          institution: person.institution,
          assignedExpert: person.assignedExpert,
        },
        access,
        can: { followUpWarnings: followsUpWarnings(access) },
        counts: countsOf(timeline),
        trends: trendsOf(timeline),
        timeline,
      };
    },

    /** Who opened my record, newest first, and the experts consulted on my case. */
    async viewsOfMine(actor: Actor, q: { pageNum: number; pageSize: number }): Promise<RecordViewsPage> {
      const [{ rows, total }, consulted] = await Promise.all([
        audit.about(db, actor.userId, 'record_view', q),
        cooperations.consultedOn(db, actor.userId),
      ]);
      const viewers = new Map(
        (await repo.viewers(db, [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))])).map((v) => [
          v.id,
          v,
        ]),
      );
      return {
        list: rows.map((r) => {
          const raw = r.detail?.via;
          const via: RecordVia = recordVias.includes(raw as RecordVia) ? (raw as RecordVia) : 'assigned';
          return {
            id: r.id,
            at: new Date(r.at).toISOString(),
            via,
            viewer: viewerShown(via, r.userId ? viewers.get(r.userId) : undefined),
          };
        }),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        consulted,
      };
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
