import type { PayStart } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api';

/** 去支付: asks the server where to pay (the sandbox cashier, a web path) and goes there. */
export function usePayOrder() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (orderId: number) => api.post<PayStart>(`/api/order/pay/${orderId}`),
    onSuccess: ({ cashierUrl }) => {
      // A provider's page on another site would be a full URL; the sandbox is one of our pages.
      if (/^https?:\/\//.test(cashierUrl)) window.location.assign(cashierUrl);
      else navigate(cashierUrl);
    },
  });
}
