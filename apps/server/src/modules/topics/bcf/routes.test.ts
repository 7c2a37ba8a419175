import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Topic, TopicList, Viewpoint } from '@truss/contracts';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPaidPlan } from '../../../testing/paid-plan.ts';
import { addMember, createProject, createTeam, type Team } from '../../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../../testing/test-server.ts';
import { readBcf } from '@truss/bcf';
import { BCF_SHARED, validateBcf } from '@truss/bcf/testing/xsd-validate';
import {
  expectSameTopics,
  exportBcf,
  importBcf,
  roundTripCases,
  storedTopics,
} from '../testing/bcf-test-helpers.ts';
import { createIssue, viewpoint } from '../test-fixture.ts';

/** A BCF file with every markup.bcf passed through `edit`. */
function rezip(bytes: Uint8Array, edit: (markup: string) => string): Uint8Array {
  const files = unzipSync(bytes);
  for (const name of Object.keys(files)) {
    if (name.endsWith('markup.bcf')) files[name] = strToU8(edit(strFromU8(files[name]!)));
  }
  return zipSync(files);
}

const cases = ['v3.0', 'v2.1'].flatMap((folder) =>
  readdirSync(path.join(BCF_SHARED, folder))
    .filter((file) => file.endsWith('.bcf'))
    .map((file) => ({
      name: `${folder}/${file}`,
      bytes: readFileSync(path.join(BCF_SHARED, folder, file)),
    })),
);

/**
 * BCF import and export through the HTTP routes, for buildingSMART test cases that together fill
 * every field any of them fills, and each version's largest (roundTripCases): import, re-import
 * (updates), export 3.0 and 2.1 (valid against the XSDs), import the 3.0 export into a fresh
 * project (the same topics, comments, viewpoints and snapshots).
 */
describe(`BCF routes (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;

  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
    // These tests create more projects than the Free plan allows.
    await grantPaidPlan(server.db, team.owner.user.id, 'enterprise', server.clock());
  });
  afterAll(() => server?.close());

  /** A new project of the team's owner, with the team's admin and member in it. */
  async function freshProject() {
    const project = await createProject(server, team.owner.token, 'BCF round trip');
    await addMember(server, project.id, team.admin.user.id, 'admin');
    await addMember(server, project.id, team.member.user.id, 'member');
    return project;
  }

  for (const { name, bytes } of roundTripCases(cases)) {
    it(`${name}: imports, re-imports as updates, exports valid 3.0 and 2.1, round-trips`, async () => {
      const expected = readBcf(bytes).archive.topics;
      const first = await freshProject();
      const imported = await importBcf(server, team.owner.token, first.id, bytes);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body).toMatchObject({ created: expected.length, updated: 0, skipped: [] });
      expect(imported.body.topics.map((t) => t.title).sort()).toEqual(
        expected.map((t) => t.title.trim()).sort(),
      );

      const again = await importBcf(server, team.admin.token, first.id, bytes);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ created: 0, updated: expected.length });
      const before = await storedTopics(server, first.id);
      expect(before).toHaveLength(expected.length);

      const v3 = await exportBcf(server, team.member.token, first.id, 'version=3.0');
      expect(v3.status).toBe(200);
      validateBcf(v3.bytes, '3.0', name);
      const v21 = await exportBcf(server, team.member.token, first.id, 'version=2.1');
      expect(v21.status).toBe(200);
      validateBcf(v21.bytes, '2.1', name);

      const second = await freshProject();
      const back = await importBcf(server, team.owner.token, second.id, v3.bytes);
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ created: expected.length, updated: 0, skipped: [] });
      expectSameTopics(await storedTopics(server, second.id), before);
    });
  }

  it('keeps what the test cases ask for: one visible wall, nothing selected; an orthographic camera', async () => {
    const project = await freshProject();
    const wall = cases.find((c) => c.name === 'v3.0/Visualization-Single_visible_wall.bcf')!;
    const ortho = cases.find((c) => c.name === 'v3.0/Visualization-Orthogonal_camera.bcf')!;
    for (const file of [wall, ortho]) {
      expect((await importBcf(server, team.owner.token, project.id, file.bytes)).status).toBe(200);
    }
    const list = await server.api<TopicList>('GET', `/api/project/${project.id}/topics`, {
      token: team.member.token,
    });
    const entries = list.body.topics.flatMap((t) => t.viewpoints.map((vp) => ({ vp, topic: t })));
    // Topics carry summaries; the wall's viewpoint is read whole from its own route.
    const wallView = entries.find(({ vp }) => vp.counts.exceptions === 1)!;
    expect(wallView.vp).toMatchObject({ defaultVisibility: false, counts: { selection: 0 } });
    const whole = await server.api<Viewpoint>(
      'GET',
      `/api/topics/${wallView.topic.id}/viewpoints/${wallView.vp.id}`,
      { token: team.member.token },
    );
    expect(whole.body).toMatchObject({ selection: [], visibility: { defaultVisibility: false } });
    expect(whole.body.visibility.exceptions).toHaveLength(1);
    expect(wallView.topic.focus).toEqual(whole.body.visibility.exceptions);
    expect(entries.some(({ vp }) => vp.camera?.type === 'orthographic')).toBe(true);
    expect(list.body.topics.every((t) => t.kind === 'issue')).toBe(true);
  });

  it('exports picked topics, with Truss-made ones, as an attachment', async () => {
    const project = await freshProject();
    const made = await createIssue(server, team.member.token, project.id, {
      title: 'Duct through beam',
      labels: ['MEP'],
      assigneeId: team.admin.user.id,
      viewpoints: [viewpoint()],
    });
    await server.api('POST', `/api/topics/${made.id}/comments`, {
      token: team.admin.token,
      body: { text: 'On it', viewpoint: viewpoint() },
    });
    const other = await createIssue(server, team.member.token, project.id, { title: 'Other' });
    const res = await exportBcf(
      server,
      team.member.token,
      project.id,
      `version=2.1&topics=${made.guid}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="BCF round trip \(BCF 2\.1\)\.bcf"/,
    );
    validateBcf(res.bytes, '2.1', 'picked');
    const read = readBcf(res.bytes).archive;
    expect(read.topics.map((t) => t.guid)).toEqual([made.guid]);
    const topic = read.topics[0]!;
    expect(topic).toMatchObject({
      assignedTo: team.admin.user.email,
      creationAuthor: team.member.user.email,
      labels: ['MEP'],
    });
    expect(topic.comments).toHaveLength(1);
    expect(topic.viewpoints).toHaveLength(2);
    expect(topic.comments[0]!.viewpointGuid).toBe(topic.viewpoints[1]!.guid);
    expect(read.topics.some((t) => t.guid === other.guid)).toBe(false);

    // Into a project the assignee is not a member of: the address is kept as written.
    const copy = await createProject(server, team.owner.token, 'Copy');
    const report = await importBcf(server, team.owner.token, copy.id, res.bytes);
    expect(report.body.created).toBe(1);
    const list = await server.api<TopicList>('GET', `/api/project/${copy.id}/topics`, {
      token: team.owner.token,
    });
    const copied: Topic = list.body.topics[0]!;
    expect(copied).toMatchObject({
      guid: made.guid,
      title: 'Duct through beam',
      assignee_id: null,
    });
    expect(copied.assigned_to).toBe(team.admin.user.email); // not a member of the owner's new project
  });

  it('exports @mentions as readable names: no user id, no address where a name exists', async () => {
    const project = await freshProject();
    const bob = await server.createUser();
    await addMember(server, project.id, bob.user.id, 'member');
    await server.db
      .updateTable('users')
      .set({ first_name: 'Bob', last_name: 'Colleague' })
      .where('id', '=', bob.user.id)
      .execute();
    const bobMarkup = `@[${bob.user.email}](${bob.user.id})`;
    const memberMarkup = `@[${team.member.user.email}](${team.member.user.id})`;
    const made = await createIssue(server, team.admin.token, project.id, {
      title: 'Mentions',
      description: `For ${bobMarkup}`,
    });
    const posted = await server.api('POST', `/api/topics/${made.id}/comments`, {
      token: team.admin.token,
      body: { text: `${bobMarkup} and ${memberMarkup}: please check` },
    });
    expect(posted.status).toBe(201);

    const res = await exportBcf(server, team.member.token, project.id, `topics=${made.guid}`);
    expect(res.status).toBe(200);
    validateBcf(res.bytes, '3.0', 'mentions');
    const topic = readBcf(res.bytes).archive.topics[0]!;
    const memberLocal = team.member.user.email.split('@')[0];
    expect(topic.comments.map((c) => c.text)).toEqual([
      `@Bob Colleague and @${memberLocal}: please check`,
    ]);
    expect(topic.description).toBe('For @Bob Colleague');
    const markup = Object.entries(unzipSync(res.bytes))
      .filter(([name]) => name.endsWith('markup.bcf'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('');
    expect(markup).not.toContain(bob.user.id);
    expect(markup).not.toContain(team.member.user.id);
    expect(markup).not.toContain(bob.user.email);
    expect(markup).not.toContain('@[');
  });

  it('adds unknown topic types to the project list and keeps unmatched component GUIDs', async () => {
    const project = await freshProject();
    const labels = cases.find((c) => c.name === 'v3.0/Visualization-Single_visible_wall.bcf')!;
    const res = await importBcf(server, team.owner.token, project.id, labels.bytes);
    const wall = readBcf(labels.bytes).archive.topics[0]!.viewpoints[0]!.view.visibility.exceptions;
    expect(res.body.unmatchedComponents).toEqual(wall.map((c) => c.ifcGuid)); // no model in the project
    const all = cases.flatMap((c) => readBcf(c.bytes).archive.topics.map((t) => t.type));
    const custom = [...new Set(all)].filter(
      (t) => t && !['Issue', 'Request', 'Clash', 'Remark'].includes(t),
    );
    const project2 = await freshProject();
    for (const c of cases.filter((c) =>
      readBcf(c.bytes).archive.topics.some((t) => custom.includes(t.type)),
    )) {
      await importBcf(server, team.owner.token, project2.id, c.bytes);
    }
    const types = await server.api<{ types: string[] }>(
      'GET',
      `/api/project/${project2.id}/topic-types`,
      {
        token: team.member.token,
      },
    );
    // Was: each spelling kept (`ERROR` and `Error` both). A type is now matched on its letters in
    // any case, so each custom type is in the list once, in the spelling met first.
    const listed = types.body.types.map((type) => type.toLowerCase());
    for (const type of custom) expect(listed).toContain(type.toLowerCase());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("imports statuses in the project's words: the wall (`OPEN`) shows under the default filter", async () => {
    const project = await freshProject();
    const wall = cases.find((c) => c.name === 'v3.0/Visualization-Single_visible_wall.bcf')!;
    expect(readBcf(wall.bytes).archive.topics[0]).toMatchObject({ status: 'OPEN', type: 'ERROR' });
    const res = await importBcf(server, team.owner.token, project.id, wall.bytes);
    expect(res.body).toMatchObject({ created: 1, skipped: [] });
    // The web app's default list: status Open or In Progress (labels.ts OPEN_STATUSES).
    const open = await server.api<TopicList>(
      'GET',
      `/api/project/${project.id}/topics?status=${encodeURIComponent('Open,In Progress')}`,
      { token: team.member.token },
    );
    expect(open.status).toBe(200);
    expect(open.body.topics.map((t) => [t.title, t.status])).toEqual([
      ['Single visible wall', 'Open'],
    ]);
    // A re-import and other tools' words land on the same statuses; one unknown is the default.
    const renamed = (status: string, type: string) =>
      rezip(wall.bytes, (markup) =>
        markup
          .replace('TopicStatus="OPEN"', `TopicStatus="${status}"`)
          .replace('TopicType="ERROR"', `TopicType="${type}"`),
      );
    const statusOf = async (status: string, type = 'ERROR') => {
      await importBcf(server, team.owner.token, project.id, renamed(status, type));
      const list = await server.api<TopicList>('GET', `/api/project/${project.id}/topics`, {
        token: team.member.token,
      });
      return [list.body.topics[0]!.status, list.body.topics[0]!.type];
    };
    expect(await statusOf('Done', 'error')).toEqual(['Closed', 'ERROR']);
    expect(await statusOf('in_progress', 'issue')).toEqual(['In Progress', 'Issue']);
    expect(await statusOf('Resolved')).toEqual(['Resolved', 'ERROR']);
    expect(await statusOf('Waiting for Godot')).toEqual(['Open', 'ERROR']);
  });
});
