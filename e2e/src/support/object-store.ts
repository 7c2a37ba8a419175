/**
 * A real S3 server for browser tests: single-node Ceph with radosgw (Debian's packages, no
 * containers) brought up by `scripts/s3-up.sh` in a folder of the test's, on free ports. Its
 * endpoint and keys are chosen before it starts, so Truss instances can start meanwhile. The
 * gateway (radosgw) can be stopped and started again to cut the object store off mid-test.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { cephInstalled, S3_UP } from '../../../apps/server/src/testing/real-s3.ts';
import { freePort } from './server.ts';

const run = promisify(execFile);

/** Why Ceph cannot be started here, or null when it can. */
export function objectStoreMissing(): string | null {
  return cephInstalled()
    ? null
    : 'Ceph is not installed (apt-get install ceph-mon ceph-osd ceph-mgr radosgw ceph-common)';
}

/** Where the store will answer and with which keys, known before it starts. */
interface ObjectStorePlan {
  dir: string;
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  rgwPort: number;
  monPort: number;
}

export async function planObjectStore(dir: string, bucket: string): Promise<ObjectStorePlan> {
  // Free ports: the monitor's is outside 6800-7568, where Ceph's other daemons pick theirs.
  const rgwPort = await freePort();
  return {
    dir,
    bucket,
    endpoint: `http://127.0.0.1:${rgwPort}`,
    region: 'us-east-1',
    accessKeyId: `TRUSS${randomBytes(8).toString('hex').toUpperCase()}`.slice(0, 20),
    secretAccessKey: randomBytes(20).toString('hex'),
    rgwPort,
    monPort: await freePort(),
  };
}

export interface ObjectStore {
  endpoint: string;
  /** Whether the plan's bucket exists (Truss creates it at start when missing). */
  bucketExists(): Promise<boolean>;
  /** Stops the S3 gateway (radosgw killed); the cluster behind it keeps running. */
  stopGateway(): Promise<void>;
  /** Starts radosgw again and waits until it answers. */
  startGateway(): Promise<void>;
  /** SHA-256 (hex) of an object of the bucket, read straight from the store. */
  sha256(key: string): Promise<string>;
  /** Stops every daemon and removes the folder. */
  stop(): Promise<void>;
}

/** Ceph as planned (one monitor, an in-memory OSD, a manager, radosgw): about 14 s. */
export async function startObjectStore(plan: ObjectStorePlan): Promise<ObjectStore> {
  const env = {
    ...process.env,
    DIR: plan.dir,
    RGW_PORT: String(plan.rgwPort),
    MON_PORT: String(plan.monPort),
    ACCESS_KEY: plan.accessKeyId,
    SECRET_KEY: plan.secretAccessKey,
  };
  const script = (command: string) => run(S3_UP, [command], { env, timeout: 120_000 });
  let stdout: string;
  try {
    ({ stdout } = await script('up'));
  } catch (error) {
    await script('down').catch(() => undefined);
    throw new Error(`Ceph did not start: ${(error as Error).message}`, { cause: error });
  }
  if (!stdout.includes(`TEST_S3_ENDPOINT=${plan.endpoint}`)) {
    throw new Error(`scripts/s3-up.sh did not report ${plan.endpoint}:\n${stdout}`);
  }
  const client = new S3Client({
    endpoint: plan.endpoint,
    region: plan.region,
    forcePathStyle: true,
    credentials: { accessKeyId: plan.accessKeyId, secretAccessKey: plan.secretAccessKey },
  });
  return {
    endpoint: plan.endpoint,
    async bucketExists() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: plan.bucket }));
        return true;
      } catch {
        return false;
      }
    },
    stopGateway: async () => void (await script('stop-rgw')),
    startGateway: async () => void (await script('start-rgw')),
    async sha256(key: string) {
      const object = await client.send(new GetObjectCommand({ Bucket: plan.bucket, Key: key }));
      const bytes = await object.Body!.transformToByteArray();
      return createHash('sha256').update(bytes).digest('hex');
    },
    async stop() {
      client.destroy();
      await script('down').catch(() => undefined);
      await rm(plan.dir, { recursive: true, force: true });
    },
  };
}
