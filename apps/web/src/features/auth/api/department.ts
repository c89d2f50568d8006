import type { Department } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The caller's institution, or null for accounts that belong to none. */
export const departmentQuery = queryOptions({
  queryKey: ['auth', 'department'],
  queryFn: () => api.get<Department | null>('/api/userinfo/department'),
});

export function useDepartment() {
  return useQuery(departmentQuery);
}
