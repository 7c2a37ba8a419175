/**
 * Property queries over real models: duplex.ifc and Architectural.ifc converted by the real
 * pipeline (worker threads, converter), indexed when the conversion stores them, then queried
 * over HTTP. Every expected count comes from reading the IFC file with web-ifc in the test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ElementQueryResult, ElementWhere, Model } from '@truss/contracts';
import { strFromU8, unzipSync } from 'fflate';
import * as WebIFC from 'web-ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../testing/project-team.ts';
import { HAVE_SAMPLES, SAMPLES_DIR, sample } from '../../testing/samples.ts';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../testing/uploads.ts';
import { readReference, type ReferenceElement } from './testing/ifc-reference.ts';

const DUPLEX = sample('ifc/duplex.ifc');
const ARCHITECTURAL = path.resolve(SAMPLES_DIR, '../bcf/ifc/Architectural.ifc');

interface Reference {
  doors: ReferenceElement[];
  walls: ReferenceElement[];
  wallsStandardCase: ReferenceElement[];
  windows: ReferenceElement[];
}

async function reference(file: string): Promise<Reference> {
  const [doors, walls, wallsStandardCase, windows] = await Promise.all([
    readReference(file, [WebIFC.IFCDOOR], ['OverallHeight']),
    readReference(file, [WebIFC.IFCWALL, WebIFC.IFCWALLSTANDARDCASE]),
    readReference(file, [WebIFC.IFCWALLSTANDARDCASE]),
    readReference(file, [WebIFC.IFCWINDOW]),
  ]);
  return { doors, walls, wallsStandardCase, windows };
}

describe.skipIf(!HAVE_SAMPLES)(`property queries over converted samples (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  let duplex: Model;
  let architectural: Model;
  let ref: { duplex: Reference; architectural: Reference };
  const all = <T>(pick: (r: Reference) => T[]) => [...pick(ref.duplex), ...pick(ref.architectural)];

  async function upload(file: string): Promise<Model> {
    const result = await tusUpload(readFileSync(file), {
      baseUrl: server.url,
      token: team.owner.token,
      projectId: team.project.id,
      filename: path.basename(file),
    });
    if (!result.modelId) throw new Error(`upload failed: ${JSON.stringify(result.error)}`);
    const model = await waitForModel(
      async () =>
        (
          await server.api<Model>('GET', `/api/models/${result.modelId}`, {
            token: team.owner.token,
          })
        ).body,
      240_000,
    );
    if (model.status !== 'ready') throw new Error(`${file} is ${model.status}`);
    return model;
  }

  const query = (where: ElementWhere, extra: Record<string, unknown> = {}, token?: string) =>
    server.api<ElementQueryResult>('POST', `/api/project/${team.project.id}/elements/query`, {
      token: token ?? team.member.token,
      body: { where, limit: 10_000, ...extra },
    });
  const count = async (where: ElementWhere, extra: Record<string, unknown> = {}) => {
    const res = await query(where, extra);
    expect(res.status, res.text).toBe(200);
    return res.body.count;
  };

  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      models: { role: 'all', jobPollIntervalMs: 20, uploadActiveWindowSeconds: 600 },
    });
    team = await createTeam(server);
    const [d, a] = await Promise.all([reference(DUPLEX), reference(ARCHITECTURAL)]);
    ref = { duplex: d, architectural: a };
    duplex = await upload(DUPLEX);
    architectural = await upload(ARCHITECTURAL);
  }, 600_000);
  afterAll(() => server?.close());

  it('the conversion wrote the index: every door of both files, with its GlobalId', async () => {
    // Written by the conversion right after it flipped the model to ready (no query yet).
    await expect
      .poll(
        async () =>
          (await server.db.selectFrom('element_index_state').select('model_id').execute())
            .map((s) => s.model_id)
            .sort(),
        { timeout: 60_000, interval: 100 },
      )
      .toEqual([duplex.id, architectural.id].sort());
    const res = await query({ all: [{ field: 'type', op: '=', value: 'IfcDoor' }] });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(all((r) => r.doors).length);
    expect(res.body.elements.map((e) => e.guid).sort()).toEqual(
      all((r) => r.doors)
        .map((d) => d.guid)
        .sort(),
    );
    // Models in name order: Architectural before duplex.
    expect(res.body.byModel).toEqual([
      { modelId: architectural.id, count: ref.architectural.doors.length },
      { modelId: duplex.id, count: ref.duplex.doors.length },
    ]);
  });

  it('type matches IFC classes without regard to case, subclasses included', async () => {
    const walls = all((r) => r.walls).length;
    expect(walls).toBeGreaterThan(all((r) => r.wallsStandardCase).length - 1);
    expect(await count({ all: [{ field: 'type', op: '=', value: 'IfcWall' }] })).toBe(walls);
    expect(await count({ all: [{ field: 'type', op: '=', value: 'ifcwall' }] })).toBe(walls);
    expect(await count({ all: [{ field: 'type', op: '=', value: 'IFCWALLSTANDARDCASE' }] })).toBe(
      all((r) => r.wallsStandardCase).length,
    );
    // Every building element (IFC2X3's IfcBuildingElement) holds at least the walls and doors.
    const building = await count({
      all: [{ field: 'type', op: '=', value: 'IfcBuildingElement' }],
    });
    expect(building).toBeGreaterThanOrEqual(walls + all((r) => r.doors).length);
  });

  it('= and != on a boolean property, AND with the type', async () => {
    const external = all((r) => r.doors).filter(
      (d) => d.values.get('pset_doorcommon.isexternal') === true,
    ).length;
    expect(external).toBeGreaterThan(0);
    const isDoor = { field: 'type', op: '=', value: 'IfcDoor' } as const;
    expect(
      await count({
        all: [isDoor, { field: 'Pset_DoorCommon.IsExternal', op: '=', value: true }],
      }),
    ).toBe(external);
    expect(
      await count({
        all: [isDoor, { field: 'pset_doorcommon.isexternal', op: '!=', value: 'TRUE' }],
      }),
    ).toBe(all((r) => r.doors).length - external);
  });

  it('< and > on numbers, nested in OR groups; contains; exists', async () => {
    const doors = all((r) => r.doors);
    const head = (d: ReferenceElement) => d.values.get('pset_revit_other.head height') as number;
    const expected = doors.filter((d) => head(d) > 2.1 || head(d) < 2.02).length;
    expect(expected).toBeGreaterThan(0);
    expect(
      await count({
        all: [
          { field: 'type', op: '=', value: 'IfcDoor' },
          {
            any: [
              { field: 'PSet_Revit_Other.Head Height', op: '>', value: 2.1 },
              { field: 'PSet_Revit_Other.Head Height', op: '<', value: '2.02' },
            ],
          },
        ],
      }),
    ).toBe(expected);
    // Both ends of a range on one property (read as one test of its value).
    expect(
      await count({
        all: [
          { field: 'PSet_Revit_Other.Head Height', op: '>', value: 2.02 },
          { field: 'PSet_Revit_Other.Head Height', op: '<', value: 2.1 },
        ],
      }),
    ).toBe(doors.filter((d) => head(d) > 2.02 && head(d) < 2.1).length);
    const flush = doors.filter((d) =>
      String(d.values.get('pset_doorcommon.reference') ?? '')
        .toLowerCase()
        .includes('single-flush'),
    ).length;
    expect(flush).toBeGreaterThan(0);
    expect(
      await count({
        all: [{ field: 'Pset_DoorCommon.Reference', op: 'contains', value: 'SINGLE-flush' }],
      }),
    ).toBe(flush);
    // An OR of property conditions alone is counted from the property index; with a condition
    // on the element beside them, over the elements: both, and the page, give the same answer.
    const high = { field: 'PSet_Revit_Other.Head Height', op: '>', value: 2.1 } as const;
    const single = { field: 'Pset_DoorCommon.Reference', op: 'contains', value: 'flush' } as const;
    const either = await query({ any: [high, single] });
    expect(either.body.count).toBeGreaterThanOrEqual(
      doors.filter(
        (d) =>
          head(d) > 2.1 ||
          String(d.values.get('pset_doorcommon.reference') ?? '')
            .toLowerCase()
            .includes('flush'),
      ).length,
    );
    expect(either.body.elements).toHaveLength(either.body.count);
    expect(
      await count({
        any: [high, single, { field: 'name', op: '=', value: 'no element is named so' }],
      }),
    ).toBe(either.body.count);
    expect(
      await count({
        all: [
          { field: 'type', op: '=', value: 'IfcDoor' },
          { field: 'PSet_Revit_Other.Head Height', op: 'exists' },
        ],
      }),
    ).toBe(doors.filter((d) => d.values.has('pset_revit_other.head height')).length);
  });

  it('OR of two classes; storey and name; IFC attributes such as OverallHeight', async () => {
    const doors = all((r) => r.doors);
    expect(
      await count({
        any: [
          { field: 'type', op: '=', value: 'IfcDoor' },
          { field: 'type', op: '=', value: 'IfcWindow' },
        ],
      }),
    ).toBe(doors.length + all((r) => r.windows).length);
    const storey = ref.duplex.doors.find((d) => d.storey)!.storey!;
    expect(
      await count({
        all: [
          { field: 'type', op: '=', value: 'IfcDoor' },
          { field: 'storey', op: '=', value: storey.toUpperCase() },
        ],
      }),
    ).toBe(doors.filter((d) => d.storey === storey).length);
    const word = doors[0]!.name!.split(/[\s:]/)[0]!;
    expect(
      await count({
        all: [
          { field: 'type', op: '=', value: 'IfcDoor' },
          { field: 'name', op: 'contains', value: word.toLowerCase() },
        ],
      }),
    ).toBe(doors.filter((d) => d.name?.toLowerCase().includes(word.toLowerCase())).length);
    const tall = doors.filter((d) => Number(d.values.get('attributes.overallheight')) > 2.1);
    expect(tall.length).toBeGreaterThan(0);
    expect(await count({ all: [{ field: 'IfcDoor.OverallHeight', op: '>', value: 2.1 }] })).toBe(
      tall.length,
    );
    expect(
      await count({
        all: [
          { field: 'type', op: '=', value: 'IfcDoor' },
          { field: 'Attributes.OverallHeight', op: '>', value: 2.1 },
        ],
      }),
    ).toBe(tall.length);
  });

  it('only the named models; pages; the count is the whole result', async () => {
    const where: ElementWhere = { all: [{ field: 'type', op: '=', value: 'IfcWall' }] };
    expect(await count(where, { models: [architectural.id] })).toBe(ref.architectural.walls.length);
    const page = await query(where, { limit: 5, offset: 5 });
    expect(page.body.count).toBe(all((r) => r.walls).length);
    expect(page.body.elements).toHaveLength(5);
    const whole = await query(where);
    expect(page.body.elements).toEqual(whole.body.elements.slice(5, 10));
  });

  it('a model indexed before (or never) is indexed when a query needs it; trash hides it', async () => {
    await server.db.deleteFrom('element_index_state').where('model_id', '=', duplex.id).execute();
    await server.db.deleteFrom('elements').where('model_id', '=', duplex.id).execute();
    await server.db.deleteFrom('element_properties').where('model_id', '=', duplex.id).execute();
    const doors = { all: [{ field: 'type', op: '=', value: 'IfcDoor' }] } as ElementWhere;
    expect(await count(doors)).toBe(all((r) => r.doors).length);
    const trash = await server.api('DELETE', `/api/models/${duplex.id}`, {
      token: team.owner.token,
    });
    expect(trash.status).toBeLessThan(300);
    expect(await count(doors)).toBe(ref.architectural.doors.length);
    await server.api('POST', `/api/models/${duplex.id}/restore`, { token: team.owner.token });
    expect(await count(doors)).toBe(all((r) => r.doors).length);
  });

  it('exports the whole result as CSV and as XLSX', async () => {
    const where: ElementWhere = {
      any: [
        { field: 'type', op: '=', value: 'IfcDoor' },
        { field: 'type', op: '=', value: 'IfcWindow' },
      ],
    };
    const expected = all((r) => r.doors).length + all((r) => r.windows).length;
    const exportAs = (format: string) =>
      fetch(`${server.url}/api/project/${team.project.id}/elements/export`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${team.member.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ where, format }),
      });
    const csv = await exportAs('csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="elements-.*\.csv"/,
    );
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Model,GlobalId,Type,Name,Storey');
    expect(lines).toHaveLength(expected + 1);
    const guids = new Set(all((r) => r.doors).map((d) => d.guid));
    expect(lines.filter((line) => guids.has(line.split(',')[1]!))).toHaveLength(guids.size);

    const xlsx = await exportAs('xlsx');
    expect(xlsx.status).toBe(200);
    const files = unzipSync(new Uint8Array(await xlsx.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet.match(/<row /g)).toHaveLength(expected + 1);
    const shared = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array()) + sheet;
    for (const guid of guids) expect(shared).toContain(guid);
  });

  it('limits and operators answer typed errors in English and Chinese; outsiders get 404', async () => {
    let deep: ElementWhere = { all: [{ field: 'type', op: '=', value: 'IfcDoor' }] };
    for (let i = 0; i < 4; i++) deep = { any: [deep] };
    const tooDeep = await query(deep);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toMatchObject({ code: 'QUERY_TOO_DEEP' });
    const many = await query({
      any: Array.from({ length: 51 }, () => ({ field: 'name', op: 'exists' as const })).reduce<
        ElementWhere[]
      >((groups, condition, i) => {
        if (i % 40 === 0) groups.push({ all: [] });
        (groups.at(-1) as { all: unknown[] }).all.push(condition);
        return groups;
      }, []),
    });
    expect(many.body).toMatchObject({ code: 'QUERY_TOO_MANY_CONDITIONS' });
    const zh = await server.api('POST', `/api/project/${team.project.id}/elements/query`, {
      token: team.member.token,
      headers: { 'accept-language': 'zh-CN' },
      body: { where: { all: [{ field: 'type', op: '<', value: 3 }] } },
    });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 'QUERY_OPERATOR_INVALID' });
    expect(String(zh.body.message)).toMatch(/[\u4e00-\u9fff]/);
    const notNumber = await query({ all: [{ field: 'Pset_X.Y', op: '>', value: 'tall' }] });
    expect(notNumber.body).toMatchObject({ code: 'QUERY_VALUE_INVALID' });
    const noValue = await query({ all: [{ field: 'name', op: '=' }] });
    expect(noValue.body).toMatchObject({ code: 'QUERY_VALUE_INVALID' });
    const badField = await query({ all: [{ field: 'nodot', op: 'exists' }] });
    expect(badField.status).toBe(400);
    const outsider = await query({ all: [] }, {}, team.outsider.token);
    expect(outsider.status).toBe(404);
  });
});
