import { queryOptions } from '@tanstack/react-query';
import type { Plan, UserSubscription } from '@truss/contracts';
import { http } from '../../lib/api';
import { authStore } from '../../lib/auth-store';

export const SUBSCRIPTION_FAILED_MESSAGE = 'failed to get subscription info';

export const subscriptionKey = ['user', 'subscription'] as const;

/** GET /api/user/subscription; mirrored into the (persisted) auth store's `subscription`. */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: subscriptionKey,
    queryFn: async () => {
      try {
        const subscription = await http.get<UserSubscription>('/api/user/subscription');
        authStore.setState({ subscription });
        return subscription;
      } catch (error) {
        authStore.setState({ error: SUBSCRIPTION_FAILED_MESSAGE });
        throw error;
      }
    },
    staleTime: 60_000,
  });

export const plansQuery = () =>
  queryOptions({
    queryKey: ['subscription', 'plans'] as const,
    queryFn: () => http.get<Plan[]>('/api/subscription/plans'),
    staleTime: 10 * 60_000,
  });
