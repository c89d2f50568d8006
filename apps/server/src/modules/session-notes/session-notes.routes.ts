import { bookingNote, bookingNoteParams, sessionNoteBody } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const doc = describe({ tags: ['session-note'], security: secured });

/**
 * 咨询记录 on a booking. Any signed-in account reaches the handlers, so that the policy answers
 * 404 to everyone but the booking's expert (the person who booked included), not a 403 that
 * would say the note exists.
 */
export const sessionNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessionNotes } = app.deps.services;

  await audience(app, app.authenticate, (me) => {
    me.get(
      '/api/expert/bookings/:id/note',
      doc('预约的咨询记录（仅该预约的专家）', { params: bookingNoteParams, reply: bookingNote }),
      async (req) => ok(await sessionNotes.forBooking(currentUser(req), req.params.id)),
    );
    me.put(
      '/api/expert/bookings/:id/note',
      doc('填写或修改咨询记录（预约完成后，作者本人）', {
        params: bookingNoteParams,
        body: sessionNoteBody,
        reply: bookingNote,
      }),
      async (req) => ok(await sessionNotes.save(currentUser(req), req.params.id, req.body), '咨询记录已保存'),
    );
  });
};
