import { queryOptions } from '@tanstack/react-query';
import type { DevMail } from '@truss/contracts';
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
