import type { CreateShareBody, Model, Share } from '@truss/contracts';
import { createTeam, type Team } from './project-team.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { fakeConvert } from './fake-convert.ts';
import { tusUpload, waitForModel } from './uploads.ts';

export const OBJ = Buffer.from('o cube\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');

export function startShareServer(): Promise<TestServer> {
  return startTestServer({
    mail: 'outbox',
    models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
    modelDeps: { convert: fakeConvert },
  });
}

/** Uploads a small model and waits until it is ready. */
export async function readyModel(
  server: TestServer,
  token: string,
  projectId: string,
  filename = 'tower.obj',
): Promise<Model> {
  const result = await tusUpload(OBJ, { baseUrl: server.url, token, projectId, filename });
  if (!result.modelId) throw new Error(`upload failed: ${JSON.stringify(result.error)}`);
  const model = await waitForModel(
    async () => (await server.api<Model>('GET', `/api/models/${result.modelId}`, { token })).body,
  );
  if (model.status !== 'ready') throw new Error(`model ${model.id} is ${model.status}`);
  return model;
}

export interface ShareTeam extends Team {
  model: Model;
}

export async function createShareTeam(server: TestServer): Promise<ShareTeam> {
  const team = await createTeam(server);
  const model = await readyModel(server, team.owner.token, team.project.id);
  return { ...team, model };
}

export async function createShare(
  server: TestServer,
  token: string,
  body: CreateShareBody,
): Promise<Share> {
  const res = await server.api<Share>('POST', '/api/shares', { token, body });
  if (res.status !== 201) throw new Error(`create share failed: ${res.status} ${res.text}`);
  return res.body;
}

interface InjectResult {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * A request from a given client address (Fastify's inject sets `request.ip`), for the per-IP
 * limits; the rest of the suite goes over real HTTP.
 */
export async function fromIp(
  server: TestServer,
  ip: string,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<InjectResult> {
  const res = await server.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    text: res.body,
    json: <T>() => JSON.parse(res.body) as T,
  };
}

/** `name=value` of a Set-Cookie header, for sending it back. */
export function cookieFrom(setCookie: string | null): string {
  const pair = setCookie?.split(';')[0];
  if (!pair) throw new Error('no Set-Cookie');
  return pair;
}
