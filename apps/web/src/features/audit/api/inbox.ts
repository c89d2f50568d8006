import type { ReviewInbox, ReviewInboxParams } from '@psy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The review inbox: every kind of request (scales, reports, …) in one paged list, with counts per kind. */
export const auditInboxQuery = (q: ReviewInboxParams) =>
  queryOptions({
    queryKey: ['audit-inbox', q],
    queryFn: () => api.get<ReviewInbox>('/api/audit/inbox', { ...q }, { silent: true }),
    placeholderData: keepPreviousData,
  });

export function useAuditInbox(q: ReviewInboxParams) {
  return useQuery(auditInboxQuery(q));
}
