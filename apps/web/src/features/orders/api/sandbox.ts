import type { Order } from '@psy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The order as the sandbox cashier shows it to the payer. */
export const sandboxOrderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['orders', 'sandbox', orderNo],
    queryFn: ({ signal }) =>
      api.get<Order>(`/api/pay/sandbox/${orderNo}`, undefined, { signal, silent: true }),
  });

export function useSandboxOrder(orderNo: string) {
  return useQuery({ ...sandboxOrderQuery(orderNo), enabled: /^P\d{20}$/.test(orderNo) });
}

/**
 * 确认支付 / 取消支付. The answer is the order after the sandbox gateway's signed
 * notification was processed, so a paid order has already confirmed what it bought.
 */
export function useSandboxConfirm(orderNo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pay' | 'cancel') =>
      api.post<Order>(`/api/pay/sandbox/${orderNo}/confirm`, { action }),
    onSuccess: (o) => {
      qc.setQueryData(sandboxOrderQuery(orderNo).queryKey, o);
      for (const key of ['orders', 'bookings', 'experts', 'expert-me'])
        void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}
