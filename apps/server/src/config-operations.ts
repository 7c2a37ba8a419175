import { DEFAULT_QUOTA_LIMITS, type QuotaLimits } from './modules/quotas/index.ts';

/**
 * Settings of the caps per caller and of operations (metrics, API docs), with their defaults.
 * docs/configuration.md lists them (configuration-docs.test.ts checks it).
 */
export const operationSettings = [
  {
    name: 'EMAIL_CHECK_LIMIT',
    default: '30',
    description:
      'E-mail checks (POST /api/auth/check-email, which tells whether an address is registered) per client IP per hour; 0: no cap. Over it: 429 EMAIL_CHECK_LIMITED with Retry-After.',
  },
  {
    name: 'SIGNUP_LIMIT',
    default: '20',
    description: 'Sign-ups per client IP per day; 0: no cap. Over it: 429 SIGNUP_LIMITED.',
  },
  {
    name: 'INVITATION_MAIL_LIMIT',
    default: '100,200',
    description:
      'Invitation mails (new and re-sent) per inviting user per day, then per client IP per day (one number: the IP cap is twice it); 0: no cap. Over it: 429 INVITATION_MAIL_LIMITED.',
  },
  {
    name: 'NO_CAPS',
    default: '(unset)',
    description:
      '1 or true turns off the three caps above (test harnesses that sign up many users from one address). Never in production.',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset)',
    description:
      'Bearer token that opens the Prometheus metrics (GET /api/metrics) to clients off this machine. Unset: loopback clients only.',
  },
  {
    name: 'API_DOCS',
    default: 'on (off in production)',
    description:
      'The OpenAPI page and document (/api/docs, /api/docs/json): on or off. Off by default when NODE_ENV=production.',
  },
  {
    name: 'READ_CACHE_SECONDS',
    default: '5',
    description:
      'Longest life of an entry of the in-process cache of hot reads (sessions, project and model lists, profile, subscription). Writes drop entries at once on every instance (see Operations); this only bounds a lost notification. 0: no cache.',
  },
] as const;

/** READ_CACHE_SECONDS unset. */
export const DEFAULT_READ_CACHE_SECONDS = 5;

type Env = Record<string, string | undefined>;

function read(env: Env, name: (typeof operationSettings)[number]['name']): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a whole number of 0 or more (got "${value}")`);
  }
  return parsed;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(lower)) return true;
  if (['0', 'false', 'off', 'no'].includes(lower)) return false;
  throw new Error(`${name} must be on or off (got "${value}")`);
}

/** The caps from EMAIL_CHECK_LIMIT, SIGNUP_LIMIT and INVITATION_MAIL_LIMIT; null with NO_CAPS. */
export function loadQuotaLimits(env: Env, isProduction: boolean): QuotaLimits | null {
  if (!isProduction && flag('NO_CAPS', read(env, 'NO_CAPS'), false)) return null;
  const invitations = read(env, 'INVITATION_MAIL_LIMIT')?.split(',');
  const perUser = count(
    'INVITATION_MAIL_LIMIT',
    invitations?.[0]?.trim(),
    DEFAULT_QUOTA_LIMITS.invitationMailsPerUserDay,
  );
  const perIp = invitations
    ? count('INVITATION_MAIL_LIMIT', invitations[1]?.trim() || String(perUser * 2), 0)
    : DEFAULT_QUOTA_LIMITS.invitationMailsPerIpDay;
  return {
    emailChecksPerHour: count(
      'EMAIL_CHECK_LIMIT',
      read(env, 'EMAIL_CHECK_LIMIT'),
      DEFAULT_QUOTA_LIMITS.emailChecksPerHour,
    ),
    signupsPerDay: count(
      'SIGNUP_LIMIT',
      read(env, 'SIGNUP_LIMIT'),
      DEFAULT_QUOTA_LIMITS.signupsPerDay,
    ),
    invitationMailsPerUserDay: perUser,
    invitationMailsPerIpDay: perIp,
  };
}

export interface OperationsConfig {
  /** Bearer token for /api/metrics from other machines; null: loopback only. */
  metricsToken: string | null;
  /** Whether /api/docs is served. */
  apiDocs: boolean;
  /** Longest life of a read-cache entry; 0: no cache. Absent: DEFAULT_READ_CACHE_SECONDS. */
  readCacheSeconds?: number;
}

export function loadOperationsConfig(env: Env, isProduction: boolean): OperationsConfig {
  return {
    metricsToken: read(env, 'METRICS_TOKEN') ?? null,
    apiDocs: flag('API_DOCS', read(env, 'API_DOCS'), !isProduction),
    readCacheSeconds: count(
      'READ_CACHE_SECONDS',
      read(env, 'READ_CACHE_SECONDS'),
      DEFAULT_READ_CACHE_SECONDS,
    ),
  };
}
