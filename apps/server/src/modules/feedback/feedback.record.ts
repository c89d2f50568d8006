import type { RecordSource } from '../records';
import { feedbackRepository as repo } from './feedback.repository';

/** How many of the person's feedback entries their record shows. */
const RECORD_FEEDBACK_MAX = 50;

/** The person's feedback in their record (心理档案), for whoever may open the record. */
export const feedbackRecordSource: RecordSource = {
  name: 'feedback',
  async entries(tx, ctx) {
    const rows = await repo.ofPerson(tx, ctx.userId, RECORD_FEEDBACK_MAX);
    return rows.map(({ f, expertName }) => ({
      kind: 'feedback' as const,
      at: f.createdAt.toISOString(),
      id: f.id,
      about: f.kind,
      subjectTitle: f.subjectTitle,
      rating: f.rating,
      content: f.content,
      status: f.status,
      reply: f.reply,
      expert: { id: f.expertId, name: expertName },
    }));
  },
};
