import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedLogDestination, createServerLogger, registerAccessLog } from './access-log.ts';

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('access log', () => {
  it('writes one line per request, with the URL redacted and no header', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        callback();
      },
    });
    const logger: FastifyBaseLogger = createServerLogger('info', sink);
    const app = Fastify({
      loggerInstance: logger,
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerAccessLog(app);
    app.get('/reset-password', async () => ({ ok: true }));
    const response = await app.inject({
      method: 'GET',
      url: '/reset-password?token=live-secret&page=2',
      headers: { authorization: 'Bearer live-token', cookie: 'sid=live-cookie' },
    });
    expect(response.statusCode).toBe(200);
    await app.close();

    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    for (const secret of ['live-secret', 'live-token', 'live-cookie', 'authorization']) {
      expect(line).not.toContain(secret);
    }
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/reset-password?token=REDACTED&page=2' },
      res: { statusCode: 200 },
    });
    expect(typeof entry.reqId).toBe('string');
    expect(typeof entry.responseTime).toBe('number');
  });

  describe('batched destination', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'truss-log-'));
    });
    afterAll(async () => rm(dir, { recursive: true, force: true }));

    it('writes a lone line within the flush interval and a burst as it fills', async () => {
      const file = path.join(dir, 'server.log');
      await writeFile(file, '');
      const destination = batchedLogDestination(file);
      const logger = createServerLogger('info', destination);
      const text = async () => readFile(file, 'utf8');

      logger.info({ n: 0 }, 'alone');
      expect(await text()).toBe(''); // batched, not written per line
      const waited = await until(async () => (await text()).includes('"alone"'), 5_000);
      expect(waited).toBeLessThan(2_000);

      for (let n = 1; n <= 200; n += 1) logger.info({ n }, 'burst');
      // 200 lines are well past one batch: written without waiting for the interval.
      await until(async () => (await text()).split('\n').length > 100, 5_000);
      destination.close(); // writes the rest synchronously
      const lines = (await text()).split('\n').filter(Boolean);
      expect(lines).toHaveLength(201);
    });
  });
});
