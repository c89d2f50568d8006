import type { Order, OrderStatus, Page } from '@psy/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export interface OrderPageParams {
  status?: OrderStatus;
  pageNum: number;
  pageSize: number;
}

export const myOrdersQuery = (q: OrderPageParams) =>
  queryOptions({
    queryKey: ['orders', 'list', q],
    queryFn: ({ signal }) => api.get<Page<Order>>('/api/order/list', { ...q }, { signal }),
  });

export function useMyOrders(q: OrderPageParams) {
  return useQuery({ ...myOrdersQuery(q), placeholderData: keepPreviousData });
}

export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<Order>(`/api/order/orderDetail/${id}`, undefined, { signal, silent: true }),
  });

export function useOrderDetail(id: number) {
  return useQuery({ ...orderDetailQuery(id), enabled: id > 0 });
}

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api.post<Order>(`/api/order/cancel/${orderId}`),
    onSuccess: (o) => {
      qc.setQueryData(orderDetailQuery(o.id).queryKey, o);
      // Cancelling a booking's order frees its slot and cancels the booking too.
      for (const key of ['orders', 'bookings', 'experts']) void qc.invalidateQueries({ queryKey: [key] });
      toast.success('订单已取消');
    },
  });
}
