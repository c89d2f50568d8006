import type { Page, WarningItem } from '@psy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * Warnings nobody picked up in time, for the auditors' work page. The same endpoint the
 * experts' warning list reads (auditors see every warning there), filtered to the escalated.
 */
export const escalatedWarningsQuery = (pageSize: number) =>
  queryOptions({
    queryKey: ['audit-escalated-warnings', pageSize] as const,
    queryFn: () =>
      api.get<Page<WarningItem>>('/api/expert/warnings', { escalated: 'true', pageSize }, { silent: true }),
    placeholderData: keepPreviousData,
  });

export function useEscalatedWarnings(pageSize = 10) {
  return useQuery(escalatedWarningsQuery(pageSize));
}
