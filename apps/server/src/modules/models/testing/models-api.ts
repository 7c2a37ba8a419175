import type { Model, Project } from '@truss/contracts';
import { expect } from 'vitest';
import { fakeConvert } from '../../../testing/fake-convert.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../../testing/uploads.ts';

export const OBJ = Buffer.from('o cube\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');

/** A server with workers and the instant fake converter, as the models API tests use. */
export function startModelsServer(): Promise<TestServer> {
  return startTestServer({
    mail: 'outbox',
    models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
    modelDeps: { convert: fakeConvert },
  });
}

/** The steps the models API tests repeat, bound to one server. */
export function modelsApi(server: TestServer) {
  async function user() {
    const created = await server.createUser();
    const projects = await server.api<Project[]>('GET', '/api/project', { token: created.token });
    return { ...created, token: created.token, projectId: projects.body[0]!.id };
  }

  async function addMember(projectId: string, userId: string, role: 'admin' | 'member') {
    await server.db
      .insertInto('project_members')
      .values({ project_id: projectId, user_id: userId, role, status: 'accepted' })
      .execute();
  }

  async function upload(token: string, projectId: string, filename = 'cube.obj', bytes = OBJ) {
    const result = await tusUpload(bytes, { baseUrl: server.url, token, projectId, filename });
    expect(result.error).toBeNull();
    return waitForModel(
      async () => (await server.api<Model>('GET', `/api/models/${result.modelId}`, { token })).body,
    );
  }

  /** tus creation only (no bytes), as a client starting an upload. */
  function create(token: string | null, projectId: string, length: number, extra = {}) {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    return fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': `projectId ${b64(projectId)},filename ${b64('a.obj')}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...extra,
      },
    });
  }

  return { user, addMember, upload, create };
}
