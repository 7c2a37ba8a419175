import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Model } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeConvert } from '../testing/fake-convert.ts';
import { createProject } from '../testing/project-team.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { sha256, tusUpload, waitForModel } from '../testing/uploads.ts';

/**
 * DATA_DIR on a real 8 MiB tmpfs, filled up: uploads and avatars answer 507 in the error
 * contract, no row claims bytes that are not on disk, and once space is freed the same upload
 * resumes and completes. Needs `mount -t tmpfs` (root, as in CI); skipped with a notice where
 * mounting is not allowed.
 */
const mountPoint = mkdtempSync(path.join(tmpdir(), 'truss-diskfull-'));
const mounted = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    console.warn('disk-full test skipped: cannot mount a tmpfs here (needs root)');
    return false;
  }
})();

// A model: OBJ text the fake converter accepts, 2 MiB so it cannot fit once the disk is full.
function objBytes(size: number): Buffer {
  const lines: string[] = ['o slab'];
  let length = 0;
  while (length < size) {
    const line = `v ${Math.random()} ${Math.random()} ${Math.random()}`;
    lines.push(line);
    length += line.length + 1;
  }
  lines.push('f 1 2 3');
  return Buffer.from(lines.join('\n'));
}

async function freeBytes(dir: string): Promise<number> {
  const out = execFileSync('df', ['-B1', '--output=avail', dir]).toString().split('\n')[1];
  return Number(out?.trim() ?? 0);
}

async function filesUnder(dir: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    sizes.set(path.relative(dir, file), (await stat(file)).size);
  }
  return sizes;
}

describe.skipIf(!mounted)('disk full on DATA_DIR', () => {
  let server: TestServer;
  const filler = path.join(mountPoint, 'filler.bin');

  beforeAll(async () => {
    server = await startTestServer({
      dataDir: mountPoint,
      models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
      modelDeps: { convert: fakeConvert },
    });
  }, 120_000);
  afterAll(async () => {
    try {
      // Known open problem: after the disk was full, closing this server does not finish (it
      // hung past the 60 s hook limit on every run of the merged tree). Waited for 10 s and
      // reported, so the umount below still runs; the process exits with the test file.
      const closed = await Promise.race([
        server?.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
      ]);
      if (!closed) console.warn('disk-full: the server did not close within 10 s');
    } finally {
      // Lazy: the mount goes even if something still holds a file open on it.
      execFileSync('umount', ['-l', mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    }
  });

  it(
    'answers 507 while full, keeps rows honest, and the upload resumes once space is back',
    {
      timeout: 120_000,
    },
    async () => {
      const user = await server.createUser();
      const project = await createProject(server, user.token);
      // Leave 256 KiB: the 2 MiB upload starts, then runs out of space.
      await writeFile(filler, randomBytes(Math.max(0, (await freeBytes(mountPoint)) - 256 * 1024)));
      const bytes = objBytes(2 * 1024 * 1024);

      const first = await tusUpload(bytes, {
        baseUrl: server.url,
        token: user.token,
        projectId: project.id,
        filename: 'slab.obj',
        chunkSize: 128 * 1024,
      });
      expect(first.error?.status, first.error?.body).toBe(507);
      expect(JSON.parse(first.error!.body)).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });

      const avatar = await fetch(`${server.url}/api/user/avatar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/png' },
        body: await import('sharp').then(({ default: sharp }) =>
          sharp({
            create: { width: 2048, height: 2048, channels: 3, background: '#3366ff' },
          })
            .png({ compressionLevel: 0 })
            .toBuffer(),
        ),
      });
      expect([507, 413]).toContain(avatar.status);
      expect(avatar.headers.get('content-type')).toContain('application/json');

      // No row claims what the disk does not hold: no model is listed as ready or queued, and
      // the upload's stored bytes are at most its size.
      const models = await server.api<Model[]>('GET', `/api/project/${project.id}/models`, {
        token: user.token,
      });
      expect(models.status).toBe(200);
      expect(models.body.filter((m) => m.status !== 'uploading')).toEqual([]);
      const uploads = await server.db.selectFrom('uploads').selectAll().execute();
      expect(uploads.every((u) => u.status === 'uploading')).toBe(true);
      const onDisk = await filesUnder(mountPoint);
      for (const [file, size] of onDisk) {
        if (file.startsWith('uploads/') && !file.endsWith('.json')) {
          expect(size).toBeLessThanOrEqual(bytes.length);
        }
      }

      // Space comes back: the same upload resumes from its offset and completes intact.
      await rm(filler);
      const resumed = await tusUpload(bytes, {
        baseUrl: server.url,
        token: user.token,
        projectId: project.id,
        filename: 'slab.obj',
        chunkSize: 512 * 1024,
        uploadUrl: first.url!,
      });
      expect(resumed.error).toBeNull();
      const model = await waitForModel(
        async () =>
          (await server.api<Model>('GET', `/api/models/${resumed.modelId}`, { token: user.token }))
            .body,
      );
      expect(model.status).toBe('ready');
      const original = await fetch(`${server.url}/api/models/${model.id}/original`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(sha256(Buffer.from(await original.arrayBuffer()))).toBe(sha256(bytes));
    },
  );
});
