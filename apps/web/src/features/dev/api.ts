import { queryOptions } from '@tanstack/react-query';
import type { DevMail, Order, PaymentProvider } from '@truss/contracts';
import { http } from '../../lib/api';

export const DEV_MAIL_REFRESH_MS = 3000;

/** GET /api/dev/mail: the dev outbox, newest first (404 in production). */
export const devMailQuery = () =>
  queryOptions({
    queryKey: ['dev', 'mail'] as const,
    queryFn: () => http.get<DevMail[]>('/api/dev/mail', { auth: false }),
    refetchInterval: DEV_MAIL_REFRESH_MS,
    staleTime: 0,
  });

/** GET /api/dev/payments/orders: every pending order (404 when the payments sandbox is off). */
export const devPendingOrdersQuery = () =>
  queryOptions({
    queryKey: ['dev', 'payments', 'orders'] as const,
    queryFn: () => http.get<Order[]>('/api/dev/payments/orders', { auth: false }),
    refetchInterval: DEV_MAIL_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });

/** The sandbox pays the order as `provider` and sends its signed callback. */
export const devPayOrder = (orderId: string, provider: PaymentProvider) =>
  http.post<Order>(
    `/api/dev/payments/${encodeURIComponent(orderId)}/pay`,
    { provider },
    { auth: false },
  );
