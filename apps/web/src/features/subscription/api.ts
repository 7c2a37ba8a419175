import { queryOptions } from '@tanstack/react-query';
import {
  CURRENCY,
  ORDERS_PATH,
  SALES_CONTACT_PATH,
  type SalesContactBody,
  type SalesContactResult,
  type Order,
  type Plan,
  type PlanId,
  type PlanPeriod,
  type UserSubscription,
} from '@truss/contracts';
import { http } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { queryClient } from '../../lib/query-client';
import { withFirstAnswer } from '../../lib/first-answer';

const SUBSCRIPTION_FAILED_MESSAGE = 'failed to get subscription info';

export const subscriptionKey = ['user', 'subscription'] as const;

/**
 * GET /api/user/subscription; mirrored into the (persisted) auth store's `subscription`.
 * `first`: the answer the boot asked for (the route loader's), taken by the first fetch.
 */
export const subscriptionQuery = (first?: Promise<unknown>) => {
  const get = withFirstAnswer(() => http.get<UserSubscription>('/api/user/subscription'), first);
  return queryOptions({
    queryKey: subscriptionKey,
    queryFn: async () => {
      try {
        const subscription = await get();
        authStore.setState({ subscription });
        return subscription;
      } catch (error) {
        authStore.setState({ error: SUBSCRIPTION_FAILED_MESSAGE });
        throw error;
      }
    },
    staleTime: 60_000,
  });
};

export const plansQuery = () =>
  queryOptions({
    queryKey: ['subscription', 'plans'] as const,
    queryFn: () => http.get<Plan[]>('/api/subscription/plans'),
    staleTime: 10 * 60_000,
  });

export const ordersKey = ['orders'] as const;
/** How often the pay page asks about its order while it waits for the payment. */
const ORDER_POLL_MS = 2000;

/** GET /api/orders: the caller's orders, newest first. */
export const ordersQuery = () =>
  queryOptions({
    queryKey: ordersKey,
    queryFn: () => http.get<Order[]>(ORDERS_PATH),
    staleTime: 0,
  });

/** GET /api/orders/{id}; polled every 2 s while the order waits for payment (if `poll`). */
export const orderQuery = (id: string, poll = false) =>
  queryOptions({
    queryKey: [...ordersKey, id] as const,
    queryFn: () => http.get<Order>(`${ORDERS_PATH}/${encodeURIComponent(id)}`),
    staleTime: 0,
    refetchInterval: (query) =>
      poll && (!query.state.data || query.state.data.status === 'pending') ? ORDER_POLL_MS : false,
    refetchIntervalInBackground: true,
  });

export const createOrder = (plan_id: PlanId, plan_period: PlanPeriod) =>
  http.post<Order>(`${ORDERS_PATH}/create`, { plan_id, plan_period, currency: CURRENCY });

/** "I have paid": the server asks the providers now. */
export const checkOrder = (id: string) =>
  http.post<Order>(`${ORDERS_PATH}/${encodeURIComponent(id)}/check`);

export const cancelOrder = (id: string) =>
  http.post<Order>(`${ORDERS_PATH}/${encodeURIComponent(id)}/cancel`);

/** After a payment: the plan, the usage and the order list are new. */
export async function refreshAfterPayment(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKey }),
    queryClient.invalidateQueries({ queryKey: ordersKey }),
  ]);
}

/** Enterprise "Contact sales": mailed to the sales address and recorded. */
export const sendSalesContact = (body: SalesContactBody) =>
  http.post<SalesContactResult>(SALES_CONTACT_PATH, body);
