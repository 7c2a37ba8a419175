/**
 * A real S3 server for browser tests: single-node Ceph with radosgw (Debian's packages, no
 * containers), brought up by a start-up script in a folder of its own, on free ports. The
 * gateway (radosgw) can be stopped and started again to cut the object store off mid-test.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { access, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { freePort } from './server.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The start-up script: TRUSS_CEPH_UP, else the shared tools' one beside the checkout. */
function startScript(): string {
  return process.env.TRUSS_CEPH_UP ?? path.resolve(repoRoot, '../shared/tools/s3-ceph/ceph-up.sh');
}

const CEPH_PROGRAMS = ['monmaptool', 'ceph-mon', 'ceph-osd', 'ceph-mgr', 'radosgw', 'ceph'];

async function onPath(program: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${program}`]);
    return true;
  } catch {
    return false;
  }
}

/** Why Ceph cannot be started here (a program or the script missing), or null when it can. */
export async function objectStoreMissing(): Promise<string | null> {
  const missing: string[] = [];
  for (const program of CEPH_PROGRAMS) if (!(await onPath(program))) missing.push(program);
  try {
    await access(startScript());
  } catch {
    missing.push(startScript());
  }
  return missing.length ? `Ceph is not installed (missing: ${missing.join(', ')})` : null;
}

export interface ObjectStore {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  /** Stops the S3 gateway (kill -9 of radosgw); the cluster behind it keeps running. */
  stopGateway(): Promise<void>;
  /** Starts radosgw again and waits until it answers. */
  startGateway(): Promise<void>;
  /** SHA-256 (hex) of an object, read straight from the store. */
  sha256(key: string): Promise<string>;
  /** Stops every daemon and removes the folder. */
  stop(): Promise<void>;
}

async function answers(endpoint: string): Promise<boolean> {
  try {
    const response = await fetch(endpoint, { signal: AbortSignal.timeout(2000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

async function pids(dir: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const runDir = path.join(dir, 'run');
  for (const name of await readdir(runDir).catch(() => [] as string[])) {
    if (!name.endsWith('.pid')) continue;
    const pid = Number((await readFile(path.join(runDir, name), 'utf8')).trim());
    if (pid > 0) found.set(name.slice(0, -'.pid'.length), pid);
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function killAndWait(pid: number, signal: NodeJS.Signals): Promise<void> {
  if (!alive(pid)) return;
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  for (let i = 0; i < 100 && alive(pid); i += 1) await new Promise((r) => setTimeout(r, 100));
}

/** Where the store will answer and its keys, known before it starts (instances start meanwhile). */
export interface ObjectStorePlan {
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

/**
 * Ceph as planned (its folder removed first and at the end): one monitor, one in-memory OSD,
 * one manager and radosgw; then the bucket is created with the AWS SDK. About 14 s.
 */
export async function startObjectStore(plan: ObjectStorePlan): Promise<ObjectStore> {
  const { dir, bucket, rgwPort, monPort } = plan;
  const env = {
    ...process.env,
    DIR: dir,
    RGW_PORT: String(rgwPort),
    MON_PORT: String(monPort),
    ACCESS_KEY: plan.accessKeyId,
    SECRET_KEY: plan.secretAccessKey,
  };
  let stdout: string;
  try {
    ({ stdout } = await run('bash', [startScript()], { env, timeout: 120_000 }));
  } catch (error) {
    for (const pid of (await pids(dir)).values()) await killAndWait(pid, 'SIGKILL');
    throw new Error(`Ceph did not start: ${(error as Error).message}`, { cause: error });
  }
  const { endpoint, region, accessKeyId, secretAccessKey } = plan;
  if (!stdout.includes(`S3_ENDPOINT=${endpoint}`)) {
    throw new Error(`the Ceph script did not report ${endpoint}:\n${stdout}`);
  }
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  // Truss expects its bucket to exist.
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }

  return {
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    bucket,
    async stopGateway() {
      const pid = (await pids(dir)).get('client.rgw.r');
      if (!pid) throw new Error('no radosgw pid file');
      await killAndWait(pid, 'SIGKILL');
    },
    async startGateway() {
      // radosgw forks into the background and writes its pid file.
      const child = spawn('radosgw', ['-n', 'client.rgw.r', `--rgw-data=${dir}/rgw`], {
        env: { ...process.env, CEPH_CONF: path.join(dir, 'ceph.conf') },
        stdio: 'ignore',
      });
      await new Promise((resolve) => child.once('exit', resolve));
      const deadline = Date.now() + 60_000;
      while (!(await answers(endpoint))) {
        if (Date.now() > deadline) throw new Error('radosgw did not answer after a restart');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async sha256(key: string) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = await object.Body!.transformToByteArray();
      return createHash('sha256').update(bytes).digest('hex');
    },
    async stop() {
      client.destroy();
      for (const pid of (await pids(dir)).values()) {
        await killAndWait(pid, 'SIGTERM');
        if (alive(pid)) await killAndWait(pid, 'SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
