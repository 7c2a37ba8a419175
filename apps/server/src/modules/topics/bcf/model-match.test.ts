import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Model, TopicList, Viewpoint } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../../testing/uploads.ts';
import { readBcf } from '@truss/bcf';
import { BCF_SHARED } from '@truss/bcf/testing/xsd-validate';
import { importBcf } from '../testing/bcf-test-helpers.ts';

const IFC = path.join(BCF_SHARED, 'ifc/Architectural.ifc');
const WALL_CASE = path.join(BCF_SHARED, 'v3.0/Visualization-Single_visible_wall.bcf');

/**
 * buildingSMART's Architectural.ifc through the real upload and converter, then the "Single
 * visible wall" case imported into its project: the wall is found among the model's elements.
 */
describe.skipIf(!existsSync(IFC))(
  `BCF components matched to a converted model (${testEngine()})`,
  () => {
    let server: TestServer;
    let team: Team;
    let model: Model;
    let convertSeconds = 0;

    beforeAll(async () => {
      server = await startTestServer({
        mail: 'outbox',
        models: { role: 'all', workerConcurrency: 1, jobPollIntervalMs: 50 },
      });
      team = await createTeam(server);
      const started = performance.now();
      const upload = await tusUpload(readFileSync(IFC), {
        baseUrl: server.url,
        token: team.owner.token,
        projectId: team.project.id,
        filename: 'Architectural.ifc',
      });
      expect(upload.error).toBeNull();
      model = await waitForModel(
        async () =>
          (
            await server.api<Model>('GET', `/api/models/${upload.modelId}`, {
              token: team.owner.token,
            })
          ).body,
        170_000,
      );
      convertSeconds = (performance.now() - started) / 1000;
    }, 180_000);
    afterAll(() => server?.close());

    it('matches the visible wall of "Single visible wall" to the converted model', async () => {
      expect(model.status).toBe('ready');
      console.log(`Architectural.ifc (640 kB): upload -> ready in ${convertSeconds.toFixed(1)} s`);
      const bytes = readFileSync(WALL_CASE);
      const view = readBcf(bytes).archive.topics[0]!.viewpoints[0]!.view;
      const wall = view.visibility.exceptions.map((c) => c.ifcGuid!);
      expect(wall).toHaveLength(1);

      const res = await importBcf(server, team.owner.token, team.project.id, bytes);
      expect(res.status).toBe(200);
      expect(res.body.created).toBe(1);
      expect(res.body.unmatchedComponents).not.toContain(wall[0]);
      expect(res.body.unmatchedComponents).toEqual([]);

      const list = await server.api<TopicList>('GET', `/api/project/${team.project.id}/topics`, {
        token: team.member.token,
      });
      const topic = list.body.topics[0]!;
      expect(topic.model_id).toBe(model.id);
      // What the case's README asks an importer to show: nothing selected, one wall visible.
      const viewpoint = await server.api<Viewpoint>(
        'GET',
        `/api/topics/${topic.id}/viewpoints/${topic.viewpoints[0]!.id}`,
        { token: team.member.token },
      );
      expect(viewpoint.body).toMatchObject({
        selection: [],
        visibility: { defaultVisibility: false, exceptions: [{ ifcGuid: wall[0] }] },
      });
      // The topic's summary counts it; its focus (where a pin-less topic shows) is that wall.
      expect(topic.viewpoints[0]).toMatchObject({
        defaultVisibility: false,
        counts: { selection: 0, exceptions: 1 },
      });
      expect(topic.focus).toEqual([{ ifcGuid: wall[0] }]);
    });
  },
);
