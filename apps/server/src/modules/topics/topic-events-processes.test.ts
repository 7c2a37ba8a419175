import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Share, Topic } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../../testing/child-server.ts';
import { createShare, createShareTeam, type ShareTeam } from '../../testing/share-fixture.ts';
import { openSse } from '../../testing/sse.ts';
import { fakeConvert } from '../../testing/fake-convert.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { createIssue } from './test-fixture.ts';
import { SHARE_STREAM_RECHECK_MS } from './visitor-routes.ts';

/**
 * Process A is the real server in a child process (`node dist/main.js`, ROLE=api), process B the
 * test's own server, both on one PostgreSQL database: topic events written through A reach SSE
 * clients held by B through LISTEN/NOTIFY. Skipped on PGlite: an embedded database belongs to
 * one process, so there is no second process to reach (its bus is in-process by design).
 */
describe.skipIf(testEngine() !== 'postgres')(
  'topic events across two server processes (PostgreSQL only: PGlite serves one process)',
  () => {
    const jwtSecret = randomBytes(32).toString('hex');
    const tokenHmacSecret = randomBytes(32).toString('hex');
    let b: TestServer;
    let a: ChildServer;
    let aDataDir: string;
    let team: ShareTeam;
    let issue: Topic;

    const onA = async (method: string, urlPath: string, token: string, body?: unknown) => {
      const response = await fetch(`${a.url}${urlPath}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };

    beforeAll(async () => {
      b = await startTestServer({
        mail: 'outbox',
        config: { jwtSecret, tokenHmacSecret },
        models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
        modelDeps: { convert: fakeConvert },
      });
      aDataDir = await mkdtemp(path.join(tmpdir(), 'truss-process-a-'));
      a = await startChildServer({
        DATABASE_URL: b.databaseUrl!,
        JWT_SECRET: jwtSecret,
        TOKEN_HMAC_SECRET: tokenHmacSecret,
        DATA_DIR: aDataDir,
        ROLE: 'api',
      });
      team = await createShareTeam(b);
      issue = await createIssue(b, team.owner.token, team.project.id, { modelId: team.model.id });
    }, 90_000);
    afterAll(async () => {
      await a?.stop();
      await b?.close();
      if (aDataDir) await rm(aDataDir, { recursive: true, force: true });
    });

    it("a comment posted through process A reaches a member's SSE stream on process B", async () => {
      const stream = await openSse(b.url, team.member.token);
      try {
        await expect.poll(() => stream.raw()).toContain('retry:');
        const posted = await onA('POST', `/api/topics/${issue.id}/comments`, team.admin.token, {
          text: 'from process A',
        });
        expect(posted.status).toBe(201);
        const commentId = (posted.body as { id: string }).id;
        const event = await stream.waitFor(
          (e) => e.type === 'comment.created' && e.data.commentId === commentId,
        );
        expect(event.data.topicId).toBe(issue.id);
      } finally {
        stream.close();
      }
    });

    it("a share page on B gets A's events, and its stream ends soon after A disables the share", async () => {
      const share: Share = await createShare(b, team.owner.token, {
        modelId: team.model.id,
        type: 'public',
        expiration: '7d',
        allowComments: true,
        issuePermission: 'view',
      });
      const abort = new AbortController();
      const response = await fetch(`${b.url}/api/share/${share.token}/events`, {
        signal: abort.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = (await reader.read()).value ?? '';
      expect(text).toContain('retry:');
      const updated = await onA('PATCH', `/api/topics/${issue.id}`, team.owner.token, {
        status: 'In Progress',
      });
      expect(updated.status).toBe(200);
      while (!text.includes('topic.updated')) text += (await reader.read()).value ?? '';
      expect(text).toContain(issue.id);

      const off = await onA('PATCH', `/api/shares/${share.id}`, team.owner.token, {
        status: 'disabled',
      });
      expect(off.status).toBe(200);
      const started = Date.now();
      for (;;) if ((await reader.read()).done) break;
      expect(Date.now() - started).toBeLessThan(SHARE_STREAM_RECHECK_MS + 2000);
      abort.abort();
    });
  },
);
