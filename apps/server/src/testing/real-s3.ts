import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';

const run = promisify(execFile);

/** `scripts/s3-up.sh`: starts single-node Ceph with radosgw (see its header for the contract). */
export const S3_UP = fileURLToPath(new URL('../../../../scripts/s3-up.sh', import.meta.url));

/**
 * A real S3 server (Ceph radosgw) for tests: the one CI started (`TEST_S3_*` from `.ci/run`), or
 * one of the test's own. `stopGateway`/`startGateway` stop and start radosgw alone (the cluster
 * and its objects stay) for outage tests; they need the cluster's directory (`TEST_S3_DIR`).
 */
export interface RealS3 {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The cluster's directory (ceph.conf, logs, PID files); null if only the endpoint is known. */
  dir: string | null;
  /** The S3_* environment of a Truss process on this server with `bucket`. */
  env(bucket: string, prefix?: string): Record<string, string>;
  client(): S3Client;
  createBucket(bucket: string): Promise<void>;
  /** Keys of the bucket under `prefix`. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted. */
  openMultipart(bucket: string): Promise<number>;
  /** Kills radosgw (the S3 endpoint refuses connections until `startGateway`). */
  stopGateway(): Promise<void>;
  /** Starts radosgw again with the same command and waits until it answers. */
  startGateway(): Promise<void>;
  /** Stops the cluster if this helper started it (the shared one stays). */
  close(): Promise<void>;
}

/** Whether this machine has Debian's Ceph packages (radosgw and the daemons the script starts). */
export function cephInstalled(): boolean {
  return ['radosgw', 'ceph-mon', 'ceph-osd', 'ceph-mgr', 'ceph', 'monmaptool'].every((bin) =>
    existsSync(`/usr/bin/${bin}`),
  );
}

/**
 * Why real-S3 tests are skipped here, or null when they can run. In CI (CI=true) they always
 * run: a missing Ceph is then a failure of the set-up, not a reason to skip.
 */
export function realS3SkipReason(): string | null {
  if (process.env.TEST_S3_ENDPOINT || cephInstalled() || process.env.CI === 'true') return null;
  return 'no real S3 here: set TEST_S3_ENDPOINT (see scripts/s3-up.sh) or install ceph-mon ceph-osd ceph-mgr radosgw ceph-common';
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function make(
  endpoint: string,
  accessKeyId: string,
  secretAccessKey: string,
  dir: string | null,
  close: () => Promise<void>,
): RealS3 {
  let client: S3Client | null = null;
  const script = async (command: string) => {
    if (!dir) throw new Error('the S3 cluster directory is unknown (TEST_S3_DIR unset)');
    await run(S3_UP, [command], { env: { ...process.env, DIR: dir }, timeout: 60_000 });
  };
  const s3: RealS3 = {
    endpoint,
    accessKeyId,
    secretAccessKey,
    dir,
    env: (bucket, prefix) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_REGION: 'us-east-1',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    client: () =>
      (client ??= new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      })),
    async createBucket(bucket) {
      try {
        await s3.client().send(new CreateBucketCommand({ Bucket: bucket }));
      } catch (error) {
        if ((error as { name?: string }).name !== 'BucketAlreadyOwnedByYou') throw error;
      }
    },
    async keys(bucket, prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3
          .client()
          .send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
          );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async openMultipart(bucket) {
      const page = await s3.client().send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return page.Uploads?.length ?? 0;
    },
    stopGateway: () => script('stop-rgw'),
    startGateway: () => script('start-rgw'),
    async close() {
      client?.destroy();
      await close();
    },
  };
  return s3;
}

/** The S3 server CI started (`TEST_S3_ENDPOINT`...), or null. Use a bucket of your own on it. */
function sharedRealS3(): RealS3 | null {
  const { TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY, TEST_S3_DIR } =
    process.env;
  if (!TEST_S3_ENDPOINT || !TEST_S3_ACCESS_KEY_ID || !TEST_S3_SECRET_ACCESS_KEY) return null;
  return make(
    TEST_S3_ENDPOINT,
    TEST_S3_ACCESS_KEY_ID,
    TEST_S3_SECRET_ACCESS_KEY,
    TEST_S3_DIR || null,
    async () => undefined,
  );
}

/**
 * A cluster of the caller's own (its own directory and ports; ~14 s to start), for tests that
 * stop radosgw and so must not share it. Throws if Ceph is not installed.
 */
export async function startOwnRealS3(): Promise<RealS3> {
  if (!cephInstalled()) {
    throw new Error(
      'Ceph is not installed: apt-get install ceph-mon ceph-osd ceph-mgr radosgw ceph-common',
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'truss-rgw-'));
  const env = {
    ...process.env,
    DIR: dir,
    RGW_PORT: String(await freePort()),
    MON_PORT: String(await freePort()),
  };
  const { stdout } = await run(S3_UP, ['up'], { env, timeout: 120_000 });
  const vars = Object.fromEntries(
    [...stdout.matchAll(/^export (\w+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
  );
  return make(
    vars.TEST_S3_ENDPOINT!,
    vars.TEST_S3_ACCESS_KEY_ID!,
    vars.TEST_S3_SECRET_ACCESS_KEY!,
    dir,
    async () => {
      await run(S3_UP, ['down'], { env, timeout: 60_000 }).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  );
}

/** The shared server if CI started one, else one of our own if Ceph is installed, else null. */
export async function realS3(): Promise<RealS3 | null> {
  const shared = sharedRealS3();
  if (shared) return shared;
  if (cephInstalled() || process.env.CI === 'true') return startOwnRealS3();
  return null;
}
