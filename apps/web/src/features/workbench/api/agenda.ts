import type { ExpertAgenda } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { AgendaKey, AgendaItem, AgendaSection, ExpertAgenda } from '@psy/contracts';

/**
 * 今日待办: one answer with every section. Asked again whenever the workbench opens (coming
 * back from handling a warning shows it gone) and every minute while it stays open.
 */
export const agendaQuery = queryOptions({
  queryKey: ['agenda', 'expert'],
  queryFn: () => api.get<ExpertAgenda>('/api/expert/today', undefined, { silent: true }),
  staleTime: 0,
  refetchInterval: 60_000,
});

export function useAgenda() {
  return useQuery(agendaQuery);
}
