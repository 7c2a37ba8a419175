import type { Model, Project } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelsApi, startModelsServer } from '../modules/models/testing/models-api.ts';
import { testEngine, type TestServer } from '../testing/test-server.ts';

const NUL = '\u0000';

/** PostgreSQL cannot store U+0000 in text: every way in answers 400, never 500. */
describe(`U+0000 in request text (${testEngine()})`, () => {
  let server: TestServer;
  let token: string;
  let projectId: string;
  let model: Model;

  beforeAll(async () => {
    server = await startModelsServer();
    const api = modelsApi(server);
    const user = await api.user();
    token = user.token;
    projectId = user.projectId;
    model = await api.upload(token, projectId);
  });
  afterAll(() => server?.close());

  const expect400 = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  };

  it('refuses it in JSON bodies: profile, project name and description, model rename', async () => {
    for (const field of ['full_name', 'first_name', 'last_name', 'company', 'job_title']) {
      const res = await server.api('PUT', '/api/user/profile', {
        token,
        body: { [field]: `Ada${NUL}Lovelace` },
      });
      expect400(res);
    }
    expect400(await server.api('POST', '/api/project', { token, body: { name: `a${NUL}b` } }));
    expect400(
      await server.api('POST', '/api/project', {
        token,
        body: { name: 'ok', description: `x${NUL}` },
      }),
    );
    expect400(
      await server.api('PUT', `/api/project/${projectId}`, { token, body: { name: `${NUL}` } }),
    );
    expect400(
      await server.api('PUT', `/api/project/${projectId}`, {
        token,
        body: { description: `d${NUL}d` },
      }),
    );
    const rename = await server.api('PUT', `/api/models/${model.id}`, {
      token,
      body: { name: `cube${NUL}.obj` },
    });
    expect400(rename);
    expect(rename.body).toMatchObject({ fields: { name: 'This value is not valid' } });
    // nothing changed
    const after = await server.api<Model>('GET', `/api/models/${model.id}`, { token });
    expect(after.body.name).toBe(model.name);
    const projects = await server.api<Project[]>('GET', '/api/project', { token });
    expect(projects.body.some((project) => project.name.includes(NUL))).toBe(false);
  });

  it('refuses it in the query string and path parameters', async () => {
    expect400(
      await server.api('GET', `/api/project/${projectId}/models?search=cu%00be`, { token }),
    );
    expect400(await server.api('GET', '/api/models/%00', { token }));
    expect400(await server.api('GET', `/api/project/abc%00def`, { token }));
  });

  it('refuses it in the tus filename metadata', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const res = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `projectId ${b64(projectId)},filename ${b64(`a${NUL}.obj`)}`,
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
