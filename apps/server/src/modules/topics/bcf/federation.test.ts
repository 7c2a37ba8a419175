import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Model, TopicList } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../../testing/uploads.ts';
import { BCF_SHARED } from '@truss/bcf/testing/xsd-validate';
import { exportBcf, importBcf } from '../testing/bcf-test-helpers.ts';

const ARCH = path.join(BCF_SHARED, 'ifc/Architectural.ifc');
const MEP = path.join(BCF_SHARED, 'ifc/MEP.ifc');
const CASE = path.join(BCF_SHARED, 'v3.0/Visualization-Topics_with_different_models_visible.bcf');

/**
 * buildingSMART's "Topics with different models visible" (BCF 3.0) imported into a project that
 * holds both of its models, converted for real: each topic belongs to the model it shows — the
 * Architectural one by its components, the MEP one (a viewpoint without components) by the
 * IfcProject of its markup header — and the export names each topic's model file again.
 */
describe.skipIf(!existsSync(ARCH) || !existsSync(MEP))(
  `BCF topics on different models of one project (${testEngine()})`,
  () => {
    let server: TestServer;
    let team: Team;
    const models: Record<'arch' | 'mep', Model> = {} as never;

    beforeAll(async () => {
      server = await startTestServer({
        mail: 'outbox',
        models: { role: 'all', workerConcurrency: 1, jobPollIntervalMs: 50 },
      });
      team = await createTeam(server);
      for (const [key, file] of [
        ['arch', ARCH],
        ['mep', MEP],
      ] as const) {
        const upload = await tusUpload(readFileSync(file), {
          baseUrl: server.url,
          token: team.owner.token,
          projectId: team.project.id,
          filename: path.basename(file),
        });
        expect(upload.error).toBeNull();
        models[key] = await waitForModel(
          async () =>
            (
              await server.api<Model>('GET', `/api/models/${upload.modelId}`, {
                token: team.owner.token,
              })
            ).body,
          170_000,
        );
        expect(models[key].status).toBe('ready');
      }
    }, 360_000);
    afterAll(() => server?.close());

    it('puts each topic on the model it shows, and exports it with that model file', async () => {
      const res = await importBcf(server, team.owner.token, team.project.id, readFileSync(CASE));
      expect(res.status).toBe(200);
      expect(res.body.created).toBe(2);
      expect(res.body.unmatchedComponents).toEqual([]);

      const list = await server.api<TopicList>('GET', `/api/project/${team.project.id}/topics`, {
        token: team.member.token,
      });
      const byTitle = new Map(list.body.topics.map((t) => [t.title, t]));
      const arch = byTitle.get('Topics with different model visible - Architectural')!;
      const mep = byTitle.get('Topics with different model visible - MEP')!;
      expect(arch.model_id).toBe(models.arch.id);
      expect(mep.model_id).toBe(models.mep.id);

      const exported = await exportBcf(server, team.owner.token, team.project.id);
      expect(exported.status).toBe(200);
      const files = unzipSync(exported.bytes);
      const markups = Object.entries(files)
        .filter(([name]) => name.endsWith('/markup.bcf'))
        .map(([, bytes]) => strFromU8(bytes));
      const markupOf = (title: string) =>
        markups.find((m) => m.includes(`<Title>${title}</Title>`))!;
      expect(markupOf(arch.title)).toContain('<Filename>Architectural.ifc</Filename>');
      expect(markupOf(arch.title)).toContain('IfcProject="2SugUv4EX5LAhcVpDp2dUH"');
      expect(markupOf(mep.title)).toContain('<Filename>MEP.ifc</Filename>');
      expect(markupOf(mep.title)).toContain('IfcProject="2TaLqCNHvEn9_7cUVrypdX"');
    });
  },
);
