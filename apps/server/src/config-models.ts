import type { StorageConfig } from './modules/storage/index.ts';

/**
 * Settings of uploads, storage, the job queue and the conversion workers, with their defaults.
 * docs/configuration.md lists them (configuration-docs.test.ts checks it).
 */
export const modelSettings = [
  {
    name: 'ROLE',
    default: 'all',
    description:
      'all: HTTP API and conversion workers in one process; api: HTTP only; worker: workers only (also `--workers-only`, `--api-only`). Several worker processes need DATABASE_URL (PostgreSQL).',
  },
  {
    name: 'WORKER_HTTP_PORT',
    default: '(unset)',
    description:
      'ROLE=worker: serve /api/health/live, /api/health/ready and /api/metrics (same loopback/METRICS_TOKEN rule as the API) on this port. Unset: no HTTP in that role.',
  },
  {
    name: 'WORKER_CONCURRENCY',
    default: '1',
    description: 'Conversions run at once by one process (each in its own worker thread).',
  },
  {
    name: 'WORKER_MAX_OLD_GENERATION_MB',
    default: '4096',
    description:
      "Heap cap of a conversion thread; a file that needs more fails with 'out of memory'.",
  },
  {
    name: 'WORKER_MAX_YOUNG_GENERATION_MB',
    default: '(V8 default)',
    description: 'Young-generation cap of a conversion thread.',
  },
  {
    name: 'WORKER_STACK_MB',
    default: '(V8 default, 4)',
    description: 'Stack size of a conversion thread.',
  },
  { name: 'JOB_TIMEOUT_SECONDS', default: '900', description: 'Time limit of one attempt.' },
  { name: 'JOB_MAX_ATTEMPTS', default: '3', description: 'Attempts before a job fails for good.' },
  {
    name: 'JOB_LEASE_SECONDS',
    default: '60',
    description:
      'A running job is renewed every third of this; a job whose worker died is retried once it runs out.',
  },
  {
    name: 'JOB_POLL_INTERVAL_MS',
    default: '1000',
    description:
      'How often an idle worker looks for due jobs. On PostgreSQL a new job also wakes idle workers of every process at once (LISTEN/NOTIFY); polling is the fallback.',
  },
  {
    name: 'JOB_RETRY_BASE_SECONDS',
    default: '10',
    description: 'Backoff before the 2nd attempt; doubles per attempt (±20 % jitter).',
  },
  { name: 'JOB_RETRY_MAX_SECONDS', default: '600', description: 'Upper bound of that backoff.' },
  {
    name: 'UPLOAD_MAX_BYTES',
    default: '0',
    description: "Largest upload in bytes regardless of plan (0: only the plan's storage limits).",
  },
  {
    name: 'UPLOAD_ACTIVE_WINDOW_SECONDS',
    default: '600',
    description:
      'An unfinished upload counts against the 3 concurrent uploads while it had a request this recently.',
  },
  {
    name: 'UPLOAD_SWEEP_INTERVAL_SECONDS',
    default: '900',
    description: 'How often unfinished uploads older than 24 h are purged.',
  },
  {
    name: 'S3_BUCKET',
    default: '(unset)',
    description: 'Store models in this S3-compatible bucket. Unset: local folder DATA_DIR/storage.',
  },
  { name: 'S3_REGION', default: 'us-east-1', description: 'Bucket region.' },
  {
    name: 'S3_ENDPOINT',
    default: '(unset)',
    description: 'Endpoint of an S3-compatible service (MinIO, R2, OSS, COS...). Unset: AWS.',
  },
  {
    name: 'S3_ACCESS_KEY_ID',
    default: '(unset)',
    description: 'Access key; unset: the SDK default chain (env, profile, instance role).',
  },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'Secret of the access key.' },
  {
    name: 'S3_FORCE_PATH_STYLE',
    default: 'true with S3_ENDPOINT',
    description: 'Path-style bucket URLs (most S3-compatible services need them).',
  },
  { name: 'S3_PREFIX', default: '(empty)', description: 'Prefix of every object key.' },
] as const;

type ModelSettingName = (typeof modelSettings)[number]['name'];

export type ProcessRole = 'all' | 'api' | 'worker';

export interface ModelsConfig {
  role: ProcessRole;
  /** ROLE=worker: the port of its health and metrics listener; null: none. */
  workerHttpPort: number | null;
  storage: StorageConfig;
  workerConcurrency: number;
  workerResourceLimits: {
    maxOldGenerationSizeMb: number;
    maxYoungGenerationSizeMb?: number;
    stackSizeMb?: number;
  };
  jobTimeoutSeconds: number;
  jobMaxAttempts: number;
  jobLeaseSeconds: number;
  jobPollIntervalMs: number;
  jobRetryBaseSeconds: number;
  jobRetryMaxSeconds: number;
  uploadMaxBytes: number;
  uploadActiveWindowSeconds: number;
  uploadSweepIntervalSeconds: number;
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: ModelSettingName): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function positive(env: Env, name: ModelSettingName, fallback: number, min = 1): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  }
  return value;
}

function optionalPositive(env: Env, name: ModelSettingName): number | undefined {
  return read(env, name) === undefined ? undefined : positive(env, name, 0);
}

function parseRole(env: Env, argv: readonly string[] = []): ProcessRole {
  if (argv.includes('--workers-only')) return 'worker';
  if (argv.includes('--api-only')) return 'api';
  const role = read(env, 'ROLE') ?? 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker') {
    throw new Error(`ROLE must be all, api or worker, got "${role}"`);
  }
  return role;
}

/** Builds the models configuration from environment variables (see `modelSettings`). */
export function loadModelsConfig(
  env: Env,
  dataDir: string,
  argv: readonly string[] = [],
): ModelsConfig {
  const bucket = read(env, 'S3_BUCKET');
  const endpoint = read(env, 'S3_ENDPOINT') ?? null;
  const pathStyle = read(env, 'S3_FORCE_PATH_STYLE');
  return {
    role: parseRole(env, argv),
    workerHttpPort:
      read(env, 'WORKER_HTTP_PORT') === undefined
        ? null
        : Math.floor(positive(env, 'WORKER_HTTP_PORT', 0)),
    storage: {
      dataDir,
      s3: bucket
        ? {
            bucket,
            region: read(env, 'S3_REGION') ?? 'us-east-1',
            endpoint,
            accessKeyId: read(env, 'S3_ACCESS_KEY_ID') ?? null,
            secretAccessKey: read(env, 'S3_SECRET_ACCESS_KEY') ?? null,
            forcePathStyle: pathStyle === undefined ? Boolean(endpoint) : pathStyle === 'true',
            prefix: read(env, 'S3_PREFIX') ?? '',
          }
        : null,
    },
    workerConcurrency: Math.floor(positive(env, 'WORKER_CONCURRENCY', 1)),
    workerResourceLimits: {
      maxOldGenerationSizeMb: positive(env, 'WORKER_MAX_OLD_GENERATION_MB', 4096, 16),
      maxYoungGenerationSizeMb: optionalPositive(env, 'WORKER_MAX_YOUNG_GENERATION_MB'),
      stackSizeMb: optionalPositive(env, 'WORKER_STACK_MB'),
    },
    jobTimeoutSeconds: positive(env, 'JOB_TIMEOUT_SECONDS', 900),
    jobMaxAttempts: Math.floor(positive(env, 'JOB_MAX_ATTEMPTS', 3)),
    jobLeaseSeconds: positive(env, 'JOB_LEASE_SECONDS', 60),
    jobPollIntervalMs: positive(env, 'JOB_POLL_INTERVAL_MS', 1000, 10),
    jobRetryBaseSeconds: positive(env, 'JOB_RETRY_BASE_SECONDS', 10, 0),
    jobRetryMaxSeconds: positive(env, 'JOB_RETRY_MAX_SECONDS', 600, 0),
    uploadMaxBytes: positive(env, 'UPLOAD_MAX_BYTES', 0, 0),
    uploadActiveWindowSeconds: positive(env, 'UPLOAD_ACTIVE_WINDOW_SECONDS', 600),
    uploadSweepIntervalSeconds: positive(env, 'UPLOAD_SWEEP_INTERVAL_SECONDS', 900),
  };
}

/** Defaults without any environment (tests override what they need). */
export function defaultModelsConfig(dataDir: string): ModelsConfig {
  return loadModelsConfig({}, dataDir);
}
