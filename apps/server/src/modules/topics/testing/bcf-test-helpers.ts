import { attachmentKeys } from '../attachments/files.ts';
import type { BcfImportReport } from '@truss/contracts';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { expect } from 'vitest';
import type { TestServer } from '../../../testing/test-server.ts';
import { readBcf } from '@truss/bcf';

/** Test helpers for the BCF routes: raw-body import, export download, a project's stored topics. */

export interface RawResponse<T> {
  status: number;
  headers: Headers;
  body: T;
  bytes: Uint8Array;
}

export async function importBcf(
  server: TestServer,
  token: string | null,
  projectId: string,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
): Promise<RawResponse<BcfImportReport & { code?: string; message?: string }>> {
  const res = await fetch(`${server.url}/api/project/${projectId}/bcf`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: bytes,
  });
  const raw = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    body: JSON.parse(new TextDecoder().decode(raw)) as never,
    bytes: raw,
  };
}

export async function exportBcf(
  server: TestServer,
  token: string | null,
  projectId: string,
  query = 'version=3.0',
): Promise<RawResponse<unknown>> {
  const res = await fetch(`${server.url}/api/project/${projectId}/bcf?${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.includes('json');
  return {
    status: res.status,
    headers: res.headers,
    body: json ? JSON.parse(new TextDecoder().decode(bytes)) : null,
    bytes,
  };
}

const base64 = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString('base64') : null);
const sorted = (ids: (string | undefined)[]) => ids.filter((id) => id !== undefined).sort();

/** What a project holds of its topics, in a form two projects can be compared by (GUID order). */
export async function storedTopics(server: TestServer, projectId: string) {
  const db = server.db;
  const topics = await db
    .selectFrom('topics')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('guid')
    .execute();
  const ids = topics.map((t) => t.id);
  const none = ids.length === 0;
  const viewpoints = none
    ? []
    : await db.selectFrom('topic_viewpoints').selectAll().where('topic_id', 'in', ids).execute();
  const comments = none
    ? []
    : await db.selectFrom('topic_comments').selectAll().where('topic_id', 'in', ids).execute();
  const files = none
    ? []
    : await db.selectFrom('topic_files').selectAll().where('topic_id', 'in', ids).execute();
  // A topic's documents, wherever they are kept: BCF files of the topic (2.1 imports, documents
  // past the plan's size) or attachments (3.0 imports, issue 35), by name and bytes.
  const attached = none
    ? []
    : await db.selectFrom('topic_attachments').selectAll().where('topic_id', 'in', ids).execute();
  const storage = server.app.models.storage;
  const documents = [
    ...files
      .filter((f) => f.kind === 'document')
      .map((f) => ({ topic_id: f.topic_id, filename: f.filename, bytes: base64(f.bytes) })),
    ...(await Promise.all(
      attached.map(async (a) => ({
        topic_id: a.topic_id,
        filename: a.filename,
        bytes: base64(Buffer.concat(await (await storage.get(attachmentKeys.file(a))).toArray())),
      })),
    )),
  ];
  const vpGuid = new Map(viewpoints.map((vp) => [vp.id, vp.guid]));
  return topics.map((t) => ({
    guid: t.guid,
    kind: t.kind,
    title: t.title,
    description: t.description,
    type: t.type,
    status: t.status,
    priority: t.priority,
    labels: t.labels,
    assigned_to: t.assigned_to,
    due_date: t.due_date?.toISOString() ?? null,
    stage: t.stage,
    related: t.related_guids,
    author: t.author_name,
    created_at: t.created_at.toISOString(),
    modified_at: t.modified_at.toISOString(),
    // Internal documents' references are kept with the documents (below), external ones here.
    bcf: {
      ...t.bcf,
      documentReferences: (t.bcf.documentReferences ?? []).filter((ref) => ref.url),
    },
    comments: comments
      .filter((c) => c.topic_id === t.id)
      .sort((a, b) => a.guid.localeCompare(b.guid))
      .map((c) => ({
        guid: c.guid,
        text: c.text,
        author: c.author_name,
        created_at: c.created_at.toISOString(),
        modified_at: c.modified_at?.toISOString() ?? null,
        viewpoint: c.viewpoint_id ? vpGuid.get(c.viewpoint_id) : null,
      })),
    viewpoints: viewpoints
      .filter((vp) => vp.topic_id === t.id)
      .sort((a, b) => a.guid.localeCompare(b.guid))
      .map((vp) => ({
        guid: vp.guid,
        camera: vp.camera,
        clippingPlanes: vp.clipping_planes,
        lines: vp.lines,
        bitmaps: vp.bitmaps,
        defaultVisibility: vp.visibility.defaultVisibility,
        selection: sorted(vp.selection.map((c) => c.ifcGuid)),
        exceptions: sorted(vp.visibility.exceptions.map((c) => c.ifcGuid)),
        coloring: vp.coloring.map((c) => ({
          color: c.color,
          components: sorted(c.components.map((x) => x.ifcGuid)),
        })),
        snapshot: base64(vp.snapshot),
        snapshotType: vp.snapshot_type,
        bcf: vp.bcf,
      })),
    files: files
      .filter((f) => f.topic_id === t.id && f.kind !== 'document')
      .sort((a, b) => a.ref.localeCompare(b.ref))
      .map((f) => ({ kind: f.kind, ref: f.ref, filename: f.filename, bytes: base64(f.bytes) })),
    documents: documents
      .filter((d) => d.topic_id === t.id)
      .map((d) => ({ filename: d.filename, bytes: d.bytes }))
      .sort(
        (a, b) =>
          a.filename.localeCompare(b.filename) || (a.bytes ?? '').localeCompare(b.bytes ?? ''),
      ),
  }));
}

type Stored = Awaited<ReturnType<typeof storedTopics>>;

/**
 * Asserts two projects hold the same topics: every field equal, cameras within 1e-6 (a BCF 2.1
 * source has no aspect ratio; its 3.0 export writes 1), component GUIDs as sets.
 */
export function expectSameTopics(actual: Stored, expected: Stored): void {
  expect(actual.map((t) => t.guid)).toEqual(expected.map((t) => t.guid));
  for (const [i, want] of expected.entries()) {
    const got = actual[i]!;
    const strip = (t: Stored[number]) => ({
      ...t,
      viewpoints: t.viewpoints.map((vp) => ({ ...vp, camera: null })),
    });
    expect(strip(got)).toEqual(strip(want));
    for (const [j, vp] of want.viewpoints.entries()) {
      const camera = got.viewpoints[j]!.camera;
      if (!vp.camera) {
        expect(camera).toBeNull();
        continue;
      }
      expect(camera?.type).toBe(vp.camera.type);
      for (const key of ['position', 'direction', 'up'] as const) {
        for (const axis of ['x', 'y', 'z'] as const) {
          expect(camera![key][axis]).toBeCloseTo(vp.camera[key][axis], 6);
        }
      }
      for (const key of ['fieldOfView', 'viewToWorldScale', 'aspectRatio'] as const) {
        if (vp.camera[key] !== undefined) expect(camera![key]).toBeCloseTo(vp.camera[key], 6);
      }
    }
  }
}

export const BCF_VERSION_3 = strToU8('<?xml version="1.0"?><Version VersionId="3.0"/>');
/** The markup of a topic with only what BCF requires. */
export const minimalMarkupText = (guid: string, title: string) =>
  `<?xml version="1.0"?><Markup><Topic Guid="${guid}" TopicType="Issue" TopicStatus="Open"><Title>${title}</Title><CreationDate>2024-01-02T03:04:05Z</CreationDate><CreationAuthor>a@example.com</CreationAuthor></Topic></Markup>`;
export const minimalMarkup = (guid: string, title: string) =>
  strToU8(minimalMarkupText(guid, title));
export const topicGuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** A file of `count` minimal topics. */
export function manyTopics(count: number): Uint8Array {
  const files: Zippable = { 'bcf.version': BCF_VERSION_3 };
  for (let i = 0; i < count; i += 1)
    files[`${topicGuid(i)}/markup.bcf`] = minimalMarkup(topicGuid(i), `T${i}`);
  return zipSync(files, { level: 1 });
}

/** Fields whose value, not only their presence, takes its own path through import and export. */
const VALUED = /(^|\.)(kind|camera\.type|snapshot\.type)$/;

/**
 * The field paths a read archive fills (`topics[].viewpoints[].view.camera.type=orthographic`):
 * arrays as `[]`, blank strings and empty lists as absent, flags and kinds with their value.
 */
export function filledFields(value: unknown, at = '', out = new Set<string>()): Set<string> {
  if (value === undefined || value === null) return out;
  if (value instanceof Uint8Array) {
    if (value.length) out.add(at);
  } else if (Array.isArray(value)) {
    for (const item of value) filledFields(item, `${at}[]`, out);
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      filledFields(item, at ? `${at}.${key}` : key, out);
  } else if (typeof value !== 'string' || value.trim()) {
    out.add(typeof value === 'boolean' || VALUED.test(at) ? `${at}=${String(value)}` : at);
  }
  return out;
}

/**
 * The test files the API round trip (import, re-import, export, import again, on the database)
 * runs on: of each version (the folder in `name`; its reader fills the fields its own way), the
 * fewest files that together fill every field any of its files fills, picked greedily in the
 * order given, and its largest file. Every file's reading, writing and schema validity, and that
 * its topics import whole, are bcf/bcf.test.ts's, without a database: the round trip of all 31
 * took CI's unit tests about two minutes.
 */
export function roundTripCases<T extends { name: string; bytes: Uint8Array }>(cases: T[]): T[] {
  const picked = new Set<T>();
  for (const version of new Set(cases.map((c) => c.name.split('/')[0]))) {
    const ofVersion = cases.filter((c) => c.name.startsWith(`${version}/`));
    const fields = new Map(
      ofVersion.map((c) => {
        const { version: _version, ...archive } = readBcf(c.bytes).archive;
        return [c, filledFields(archive)] as const;
      }),
    );
    const missing = new Set([...fields.values()].flatMap((set) => [...set]));
    while (missing.size) {
      let best: T | undefined;
      let most = 0;
      for (const [c, set] of fields) {
        const adds = [...set].filter((field) => missing.has(field)).length;
        if (adds > most) [best, most] = [c, adds];
      }
      picked.add(best!);
      for (const field of fields.get(best!)!) missing.delete(field);
    }
    picked.add(ofVersion.reduce((a, b) => (b.bytes.length > a.bytes.length ? b : a)));
  }
  return cases.filter((c) => picked.has(c));
}
