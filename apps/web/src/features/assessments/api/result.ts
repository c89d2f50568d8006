import type { AssessmentResult, FullReport, Order, PayStart } from '@psy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** Results (free summary), the paid full report, and buying it. */

export const resultQuery = (id: number) =>
  queryOptions({
    queryKey: ['assessment', id, 'result'],
    queryFn: () => api.get<AssessmentResult>(`/api/assessment/${id}/result`, undefined, { silent: true }),
    // Report access changes behind our back (payment, an expert's approval).
    staleTime: 0,
  });

export function useAssessmentResult(id: number) {
  return useQuery({ ...resultQuery(id), enabled: id > 0 });
}

export const reportQuery = (id: number) =>
  queryOptions({
    queryKey: ['assessment', id, 'report'],
    // 403 carries the reason in Chinese (not bought, under review); the page shows it.
    queryFn: () => api.get<FullReport>(`/api/assessment/${id}/report`, undefined, { silent: true }),
    staleTime: 0,
  });

export function useFullReport(id: number) {
  return useQuery({ ...reportQuery(id), enabled: id > 0 });
}

/** Creates (or finds) the report's order, then asks where to pay it. */
export function useBuyReport(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const order = await api.post<Order>(`/api/assessment/${id}/report/order`);
      return api.post<PayStart>(`/api/order/pay/${order.id}`);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: resultQuery(id).queryKey }),
  });
}

/** The PDF comes with the session header, so it is fetched as a blob and saved from memory. */
export async function downloadReportPdf(id: number, fileName: string): Promise<void> {
  const blob = await request<Blob>(`/api/assessment/${id}/report.pdf`, { blob: true, timeoutMs: 60_000 });
  saveFile(blob, fileName);
}
