import type { ErrorBody, Model, Topic, TopicList } from '@truss/contracts';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { fitSheet } from '@truss/viewable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShare,
  createShareTeam,
  readyModel,
  startShareServer,
  type ShareTeam,
} from '../../testing/share-fixture.ts';
import { openSse } from '../../testing/sse.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { exportBcf } from './testing/bcf-test-helpers.ts';
import { createIssue, viewpoint } from './test-fixture.ts';

const RED = '#ff0000';
/** A cloud around the middle of a 3D snapshot, and a note beside it. */
const viewMarkup = {
  shapes: [
    { type: 'cloud', from: [0.25, 0.25], to: [0.75, 0.75], color: RED, lineWidth: 0.01 },
    {
      type: 'text',
      at: [0.05, 0.05],
      text: '漏水 leak',
      size: 0.06,
      color: '#0000ff',
      lineWidth: 0.004,
    },
  ],
};
/** On the fake drawing's only sheet (p1: an A3 page, 420 x 297 mm). */
const sheetMarkup = {
  shapes: [{ type: 'cloud', from: [100, 80], to: [300, 220], color: RED, lineWidth: 2 }],
};

/** A white PNG of width x height, base64, as a client's snapshot. */
function whitePng(width: number, height: number): string {
  const png = new PNG({ width, height });
  png.data.fill(255);
  return PNG.sync.write(png).toString('base64');
}

/** Red pixels (the cloud's colour) inside a box of a decoded PNG. */
function redPixels(png: PNG, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = Math.max(0, y0); y < Math.min(png.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(png.width, x1); x++) {
      const i = (y * png.width + x) * 4;
      if (png.data[i]! > 200 && png.data[i + 1]! < 80 && png.data[i + 2]! < 80) count++;
    }
  }
  return count;
}

function snapshotsOf(bcf: Uint8Array, topicGuid: string): PNG[] {
  const files = unzipSync(bcf);
  return Object.entries(files)
    .filter(([name]) => name.startsWith(`${topicGuid}/`) && name.endsWith('.png'))
    .map(([, bytes]) => PNG.sync.read(Buffer.from(bytes)));
}

describe('topics: sheet pins and markup', () => {
  let server: TestServer;
  let team: ShareTeam;
  let drawing: Model;
  const path = () => `/api/project/${team.project.id}/topics`;
  const patch = (token: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
    server.api<Topic & ErrorBody>('PATCH', `/api/topics/${id}`, { token, body, headers });

  beforeAll(async () => {
    server = await startShareServer();
    team = await createShareTeam(server);
    // A `.pdf` name converts (fake) into one sheet, p1.
    drawing = await readyModel(server, team.owner.token, team.project.id, 'plans.pdf');
  });
  afterAll(() => server?.close());

  it('creates an issue pinned on a sheet with markup, and reads it back', async () => {
    const created = await createIssue(server, team.member.token, team.project.id, {
      modelId: drawing.id,
      pin: { sheetId: 'p1', x: 200, y: 150 },
      markup: sheetMarkup,
    });
    expect(created.pin).toEqual({ sheetId: 'p1', x: 200, y: 150 });
    expect(created.sheet_id).toBe('p1');
    // The markup takes the pin's sheet when it names none.
    expect(created.markup).toEqual({ sheet_id: 'p1', shapes: sheetMarkup.shapes, aspect: null });
    const read = await server.api<Topic>('GET', `/api/topics/${created.id}`, {
      token: team.admin.token,
    });
    expect(read.body.markup?.shapes).toEqual(sheetMarkup.shapes);
    expect(read.body.pin).toEqual({ sheetId: 'p1', x: 200, y: 150 });
    // A 3D pin body stays what it was.
    const old = await createIssue(server, team.member.token, team.project.id, {
      modelId: team.model.id,
      pin: { position: { x: 1, y: 2, z: 3 }, elementId: 4, globalId: 'g' },
      markup: viewMarkup,
    });
    expect(old.pin).toEqual({ position: { x: 1, y: 2, z: 3 }, elementId: 4, globalId: 'g' });
    expect(old.sheet_id).toBeNull();
    expect(old.markup?.sheet_id).toBeNull();
  });

  it('refuses a sheet the model has not, and markup past its bounds, with their codes', async () => {
    const bad = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      server.api<ErrorBody & { fields?: Record<string, string> }>('POST', path(), {
        token: team.member.token,
        body: { kind: 'issue', title: 'x', ...body },
        headers,
      });
    const wrongSheet = await bad({ modelId: drawing.id, pin: { sheetId: 'p9', x: 0, y: 0 } });
    expect(wrongSheet.status).toBe(422);
    expect(wrongSheet.body.code).toBe('TOPIC_SHEET_UNKNOWN');
    // A 3D model has no sheets; a topic without a model none either.
    const on3d = await bad({ modelId: team.model.id, markup: { sheetId: 'p1', shapes: [] } });
    expect(on3d.status).toBe(201); // no shapes is no markup: no sheet to check
    expect((on3d.body as unknown as Topic).markup).toBeNull();
    const on3dShapes = await bad({
      modelId: team.model.id,
      markup: { sheetId: 'p1', ...sheetMarkup },
    });
    expect(on3dShapes.body.code).toBe('TOPIC_SHEET_UNKNOWN');
    const noModel = await bad(
      { pin: { sheetId: 'p1', x: 0, y: 0 } },
      { 'accept-language': 'zh-CN' },
    );
    expect(noModel.status).toBe(422);
    expect(noModel.body.message).toBe('该图纸不属于此问题所在的模型');

    const box = { type: 'rectangle', from: [0, 0], to: [1, 1], color: RED, lineWidth: 0.01 };
    const tooMany = await bad({ modelId: team.model.id, markup: { shapes: Array(201).fill(box) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('VALIDATION_ERROR');
    expect(Object.values(tooMany.body.fields ?? {})).toContain('A markup holds at most 200 shapes');
    const longText = await bad(
      {
        modelId: team.model.id,
        markup: {
          shapes: [
            { type: 'text', at: [0, 0], text: 'x'.repeat(501), size: 1, color: RED, lineWidth: 1 },
          ],
        },
      },
      { 'accept-language': 'zh-CN' },
    );
    expect(Object.values(longText.body.fields ?? {})).toContain('标注文字最多 500 个字符');
    const badPin = await bad({ modelId: drawing.id, pin: { sheetId: 'p1', x: 'left', y: 0 } });
    expect(badPin.status).toBe(400);
  });

  it('edits markup until the topic is closed, live for the other members', async () => {
    const topic = await createIssue(server, team.member.token, team.project.id, {
      modelId: drawing.id,
    });
    const sse = await openSse(server.url, team.admin.token);
    try {
      const drawn = await patch(team.member.token, topic.id, {
        markup: sheetMarkup,
        pin: { sheetId: 'p1', x: 1, y: 2 },
      });
      expect(drawn.status).toBe(200);
      expect(drawn.body.sheet_id).toBe('p1');
      const event = await sse.waitFor(
        (e) => e.type === 'topic.updated' && e.data.topicId === topic.id,
      );
      expect([...(event.data.changed as string[])].sort()).toEqual(['markup', 'pin']);
      expect(event.data.sheetId).toBe('p1');
    } finally {
      sse.close();
    }
    // Wrong sheet on update.
    const wrong = await patch(team.member.token, topic.id, { pin: { sheetId: 'p2', x: 1, y: 2 } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('TOPIC_SHEET_UNKNOWN');

    expect((await patch(team.owner.token, topic.id, { status: 'Closed' })).status).toBe(200);
    const closed = await patch(
      team.member.token,
      topic.id,
      { markup: null },
      { 'accept-language': 'zh-CN' },
    );
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('TOPIC_CLOSED');
    expect(closed.body.message).toBe('该问题已关闭：重新打开后才能修改其图钉或标注');
    const closedPin = await patch(team.owner.token, topic.id, { pin: null });
    expect(closedPin.body.message).toBe(
      'This issue is closed: reopen it to change its pin or markup',
    );
    // Other fields still change; reopening in the same patch frees the markup.
    expect((await patch(team.owner.token, topic.id, { title: 'Renamed' })).status).toBe(200);
    const reopened = await patch(team.owner.token, topic.id, { status: 'Open', markup: null });
    expect(reopened.status).toBe(200);
    expect(reopened.body.markup).toBeNull();
    // The pin still holds the topic on the sheet.
    expect(reopened.body.sheet_id).toBe('p1');
    // Without edit rights on someone else's topic: 403 as for any field.
    expect((await patch(team.outsider.token, topic.id, { markup: sheetMarkup })).status).toBe(404);
  });

  it('filters the project list by sheet', async () => {
    const onSheet = await createIssue(server, team.owner.token, team.project.id, {
      modelId: drawing.id,
      markup: { sheetId: 'p1', ...sheetMarkup },
    });
    const list = await server.api<TopicList>('GET', `${path()}?sheetId=p1&limit=500`, {
      token: team.member.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.topics.length).toBeGreaterThan(0);
    expect(list.body.topics.every((t) => t.sheet_id === 'p1')).toBe(true);
    expect(list.body.topics.map((t) => t.id)).toContain(onSheet.id);
    const all = await server.api<TopicList>('GET', `${path()}?limit=500`, {
      token: team.member.token,
    });
    expect(all.body.total).toBeGreaterThan(list.body.total);
    const none = await server.api<TopicList>('GET', `${path()}?sheetId=p2`, {
      token: team.member.token,
    });
    expect(none.body.total).toBe(0);
    const bad = await server.api('GET', `${path()}?sheetId=${encodeURIComponent('../p1')}`, {
      token: team.member.token,
    });
    expect(bad.status).toBe(400);
  });

  it('lets a share visitor with issue rights mark up, not one without', async () => {
    const edit = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'public',
      expiration: '7d',
      allowComments: true,
      issuePermission: 'edit',
    });
    const created = await server.api<Topic>('POST', `/api/share/${edit.token}/topics`, {
      body: {
        kind: 'issue',
        title: 'Visitor cloud',
        authorName: 'Guest Gu',
        pin: { sheetId: 'p1', x: 10, y: 10 },
        markup: sheetMarkup,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.markup?.sheet_id).toBe('p1');
    const changed = await server.api<Topic>(
      'PATCH',
      `/api/share/${edit.token}/topics/${created.body.id}`,
      {
        body: {
          authorName: 'Guest Gu',
          markup: {
            shapes: [sheetMarkup.shapes[0], { ...sheetMarkup.shapes[0], type: 'ellipse' }],
          },
        },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.markup?.shapes.map((s) => s.type)).toEqual(['cloud', 'ellipse']);
    const wrong = await server.api<ErrorBody>(
      'PATCH',
      `/api/share/${edit.token}/topics/${created.body.id}`,
      {
        body: { authorName: 'Guest Gu', pin: { sheetId: 'zz', x: 0, y: 0 } },
      },
    );
    expect(wrong.body.code).toBe('TOPIC_SHEET_UNKNOWN');
    const view = await createShare(server, team.owner.token, {
      modelId: drawing.id,
      type: 'public',
      expiration: '7d',
      allowComments: true,
      issuePermission: 'view',
    });
    const refused = await server.api(
      'PATCH',
      `/api/share/${view.token}/topics/${created.body.id}`,
      {
        body: { authorName: 'Guest Gu', markup: sheetMarkup },
      },
    );
    expect(refused.status).toBe(403);
  });

  it('exports BCF with the markup drawn into the snapshots', async () => {
    const threeD = await createIssue(server, team.member.token, team.project.id, {
      modelId: team.model.id,
      title: 'Cloud over the 3D view',
      viewpoints: [viewpoint({ snapshotBase64: whitePng(400, 200) })],
      markup: viewMarkup,
    });
    const onSheet = await createIssue(server, team.member.token, team.project.id, {
      modelId: drawing.id,
      title: 'Cloud on the sheet',
      pin: { sheetId: 'p1', x: 200, y: 150 },
      markup: sheetMarkup,
    });
    const res = await exportBcf(
      server,
      team.member.token,
      team.project.id,
      `version=3.0&topics=${threeD.guid},${onSheet.guid}`,
    );
    expect(res.status).toBe(200);

    const [shot] = snapshotsOf(res.bytes, threeD.guid);
    expect(shot).toBeDefined();
    expect([shot!.width, shot!.height]).toEqual([400, 200]);
    // The cloud's box is x 100..300, y 50..150: its scallops lie on the box's edges and bulge out.
    expect(redPixels(shot!, 100, 35, 300, 56)).toBeGreaterThan(100); // top edge
    expect(redPixels(shot!, 85, 50, 106, 150)).toBeGreaterThan(50); // left edge
    expect(redPixels(shot!, 120, 70, 280, 130)).toBe(0); // inside stays white
    expect(redPixels(shot!, 0, 170, 400, 200)).toBe(0); // below it too

    // The sheet's preview (a 1x1 stand-in here) scaled up, with the cloud where the sheet has it.
    const [sheetShot] = snapshotsOf(res.bytes, onSheet.guid);
    expect(sheetShot).toBeDefined();
    // The preview shows the page fitted into it (here a square, so with white above and below).
    const view = fitSheet([0, 0, 420, 297], sheetShot!.width, sheetShot!.height, 0);
    const left = Math.round(view.x + 100 * view.scale);
    const top = Math.round(view.y - 220 * view.scale);
    expect(redPixels(sheetShot!, left - 10, top - 25, left + 200, top + 4)).toBeGreaterThan(100);
    expect(redPixels(sheetShot!, 0, 0, sheetShot!.width, Math.max(0, top - 60))).toBe(0);
  });
  it('keeps a 3D markup aspect and draws it fitted, not stretched, into another snapshot', async () => {
    // Drawn on a square view; the snapshot is 400 x 200: the frame is its middle 200 x 200.
    const square = await createIssue(server, team.member.token, team.project.id, {
      modelId: team.model.id,
      title: 'Square cloud',
      viewpoints: [viewpoint({ snapshotBase64: whitePng(400, 200) })],
      markup: { ...viewMarkup, aspect: 1 },
    });
    expect(square.markup?.aspect).toBe(1);
    const read = await server.api<Topic>('GET', `/api/topics/${square.id}`, {
      token: team.admin.token,
    });
    expect(read.body.markup).toMatchObject({ sheet_id: null, aspect: 1 });
    // An edit keeps the aspect it is sent with; a sheet's markup has none.
    const edited = await patch(team.member.token, square.id, {
      markup: { shapes: viewMarkup.shapes.slice(0, 1), aspect: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.markup?.aspect).toBe(1);
    const onSheet = await createIssue(server, team.member.token, team.project.id, {
      modelId: drawing.id,
      pin: { sheetId: 'p1', x: 1, y: 1 },
      markup: { ...sheetMarkup, aspect: 2 },
    });
    expect(onSheet.markup?.aspect).toBeNull();
    const res = await exportBcf(
      server,
      team.member.token,
      team.project.id,
      `version=3.0&topics=${square.guid}`,
    );
    const [shot] = snapshotsOf(res.bytes, square.guid);
    expect([shot!.width, shot!.height]).toEqual([400, 200]);
    // The cloud's box: x 150..250 (not 100..300), y 50..150: a square, as drawn.
    expect(redPixels(shot!, 150, 35, 250, 56)).toBeGreaterThan(60); // top edge
    expect(redPixels(shot!, 135, 50, 156, 150)).toBeGreaterThan(40); // left edge
    expect(redPixels(shot!, 244, 50, 265, 150)).toBeGreaterThan(40); // right edge
    expect(redPixels(shot!, 0, 0, 130, 200)).toBe(0); // left of the frame stays white
    expect(redPixels(shot!, 270, 0, 400, 200)).toBe(0); // and right of it
  });

  it('fuzz: hostile markup and pins never answer 5xx and leave nothing behind when refused', async () => {
    const hostileNumber = fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0.5, 1e9 + 1, '1', null);
    const point = fc.oneof(
      fc.tuple(hostileNumber, hostileNumber),
      fc.array(hostileNumber, { maxLength: 3 }),
      fc.constant('0,0'),
    );
    const shape = fc.record(
      {
        type: fc.constantFrom(
          'arrow',
          'cloud',
          'rectangle',
          'ellipse',
          'text',
          'freehand',
          'star',
          '',
        ),
        from: point,
        to: point,
        at: point,
        points: fc.array(point, { maxLength: 4 }),
        text: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('a\u0000b'), fc.constant('')),
        size: hostileNumber,
        color: fc.constantFrom('#ff0000', 'red', '#ff00001', '', '#FFFFFF'),
        lineWidth: hostileNumber,
      },
      { requiredKeys: ['type'] },
    );
    const body = fc.record(
      {
        markup: fc.oneof(
          fc.record({
            sheetId: fc.constantFrom('p1', 'p9', '../p1', null, 7),
            shapes: fc.array(shape, { maxLength: 3 }),
            aspect: fc.constantFrom(undefined, 1.6, 0, -1, 1e308, Number.NaN, '1.6', null),
          }),
          fc.constant(null),
          fc.constant({ shapes: 'cloud' }),
        ),
        pin: fc.oneof(
          fc.record({
            sheetId: fc.constantFrom('p1', 'p9', '', 'p1\u0000'),
            x: hostileNumber,
            y: hostileNumber,
          }),
          fc.constant({ sheetId: 'p1', position: { x: 0, y: 0, z: 0 } }),
          fc.constant(null),
        ),
      },
      { requiredKeys: [] },
    );
    const count = async () =>
      Number(
        (
          await server.db
            .selectFrom('topics')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await fc.assert(
      fc.asyncProperty(body, async (extra) => {
        const before = await count();
        const res = await server.api<ErrorBody>('POST', path(), {
          token: team.member.token,
          body: { kind: 'issue', title: 'fuzz', modelId: drawing.id, ...extra },
        });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.body.code).toBe('string');
          expect(await count()).toBe(before);
        } else expect(res.status).toBe(201);
      }),
      { numRuns: 40, seed: Number(process.env.RELIABILITY_FUZZ_SEED ?? 36) },
    );
  });
});
