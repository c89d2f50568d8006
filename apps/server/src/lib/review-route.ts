import { reviewDecisionBody } from '@psy/contracts';
import { z } from 'zod';
import { currentUser, type SessionUser } from '../modules/auth';
import { done } from './reply';
import type { describe, ZodApp } from './routes';

/** What a review decision route needs besides its path: its summary, schemas, the service call and its messages. */
export interface ReviewDecision<
  P extends z.ZodType<{ id: number }>,
  B extends z.ZodType<{ approve: boolean }>,
> {
  summary: string;
  params: P;
  /** The decision body; `reviewDecisionBody` (approve, reason) unless the item's own. */
  body?: B;
  decide: (actor: SessionUser, id: number, body: z.output<B>) => Promise<unknown>;
  /** The message of an approval; a rejection says `rejected`, `已驳回` unless given. */
  approved: string;
  rejected?: string;
}

/**
 * `POST path` where a reviewer approves or rejects one item (a tweet, course, scale, transfer,
 * report): the caller and the item's id go to `decide`, the answer has no data and a message
 * that says which way it went. The role check stays with the group `scope` belongs to.
 */
export function reviewDecisionRoute<
  P extends z.ZodType<{ id: number }>,
  B extends z.ZodType<{ approve: boolean }> = typeof reviewDecisionBody,
>(scope: ZodApp, doc: ReturnType<typeof describe>, path: string, route: ReviewDecision<P, B>) {
  const body = (route.body ?? reviewDecisionBody) as B;
  scope.post(path, doc(route.summary, { params: route.params, body, reply: z.null() }), async (req) => {
    // The type provider cannot resolve a generic schema's output: the constraints above say what it is.
    const decision = req.body as z.output<B>;
    return done(
      route.decide(currentUser(req), (req.params as { id: number }).id, decision),
      decision.approve ? route.approved : (route.rejected ?? '已驳回'),
    );
  });
}
