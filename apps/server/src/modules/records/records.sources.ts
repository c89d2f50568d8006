import type { RecordEntry } from '@psy/contracts';
import type { AssessmentsService } from '../assessments';
import type { CooperationsService } from '../cooperations';
import type { SessionNotesService } from '../session-notes';
import type { TransfersService } from '../transfers';
import type { WarningsService } from '../warnings';
import { seesCooperation } from './records.policy';
import { recordsRepository as repo } from './records.repository';
import type { RecordSource } from './records.timeline';

export interface RecordSourceDeps {
  assessments: Pick<AssessmentsService, 'recordOf'>;
  warnings: Pick<WarningsService, 'ofPerson'>;
  sessionNotes: Pick<SessionNotesService, 'ofPerson'>;
  transfers: Pick<TransfersService, 'ofPerson'>;
  cooperations: Pick<CooperationsService, 'ofPerson'>;
}

/** The built-in parts of a person's timeline, each read through its owner. */
export function builtinRecordSources(d: RecordSourceDeps): RecordSource[] {
  return [
    {
      name: 'assessment',
      async entries(tx, { userId }) {
        return (await d.assessments.recordOf(tx, userId)).map((a): RecordEntry => ({
          kind: 'assessment',
          at: a.submittedAt.toISOString(),
          id: a.id,
          title: a.title,
          parts: a.parts,
          maxWarningLevel: a.maxWarningLevel,
        }));
      },
    },
    {
      name: 'warning',
      async entries(tx, { userId, actor }) {
        return (await d.warnings.ofPerson(tx, actor, userId)).map((w): RecordEntry => ({
          kind: 'warning',
          at: w.createdAt,
          id: w.id,
          assessmentId: w.assessmentId,
          level: w.level,
          reason: w.reason,
          scaleName: w.scaleName,
          status: w.status,
          progress: w.progress,
          canFollowUp: w.canFollowUp,
        }));
      },
    },
    {
      // Bookings with the session note of each (the note never reaches the person).
      name: 'booking',
      async entries(tx, { userId }) {
        const [rows, notes] = await Promise.all([
          repo.bookingsOf(tx, userId, 200),
          d.sessionNotes.ofPerson(tx, userId),
        ]);
        return rows.map(({ b, expertName }): RecordEntry => ({
          kind: 'booking',
          at: b.startsAt.toISOString(),
          id: b.id,
          status: b.status,
          startsAt: b.startsAt.toISOString(),
          endsAt: b.endsAt.toISOString(),
          mode: b.mode,
          topic: b.topic,
          expert: { id: b.expertId, name: expertName },
          note: notes.get(b.id) ?? null,
        }));
      },
    },
    {
      name: 'transfer',
      async entries(tx, { userId }) {
        return (await d.transfers.ofPerson(tx, userId)).map((t): RecordEntry => ({
          kind: 'transfer',
          at: t.createdAt,
          id: t.id,
          status: t.status,
          from: t.from.name,
          to: t.to.name,
          reason: t.reason,
        }));
      },
    },
    {
      name: 'cooperation',
      async entries(tx, { userId, actor, access }) {
        return (await d.cooperations.ofPerson(tx, userId))
          .filter((c) => seesCooperation(actor, access, c))
          .map((c): RecordEntry => ({
            kind: 'cooperation',
            at: c.createdAt,
            id: c.id,
            status: c.status,
            scope: c.scope,
            inviter: c.inviter.name,
            invitee: c.invitee.name,
            reason: c.reason,
          }));
      },
    },
  ];
}
