import { createHash } from 'node:crypto';
import { SNAPSHOT_MAX_BYTES, type Component, type ViewState } from '@truss/contracts';
import type { BcfProblem, BcfTopic, BcfViewpoint } from '@truss/bcf';

/**
 * Makes a topic read from any BCF file fit what the database and the API's response schemas
 * hold, reporting what it had to change: no NUL characters (PostgreSQL refuses them), GUIDs as
 * lowercase UUIDs (BCF 3.0's pattern, so every export validates), one viewpoint and comment per
 * GUID, list lengths and component ids within the viewpoint schema, PNG/JPEG snapshots of at
 * most SNAPSHOT_MAX_BYTES. Components are never dropped for being unknown.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLOUR = /^([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/;
const VIEW_CAPS = { clippingPlanes: 64, lines: 1000, bitmaps: 16, coloring: 256 } as const;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** A lowercase UUID: the value itself when it is one, else one derived from it (stable). */
export function bcfGuid(value: string): string {
  if (UUID.test(value)) return value.toLowerCase();
  const hex = createHash('sha1').update(`truss-bcf:${value}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** Removes NUL characters from every string of a value read from XML (bytes left alone). */
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withoutNul(item)]),
  ) as T;
}

const cut = (value: string | undefined, max: number) =>
  value === undefined ? undefined : value.slice(0, max);

function fitComponent(c: Component): Component {
  const result: Component = {};
  if (c.ifcGuid) result.ifcGuid = cut(c.ifcGuid, 64);
  if (c.originatingSystem) result.originatingSystem = cut(c.originatingSystem, 255);
  if (c.authoringToolId) result.authoringToolId = cut(c.authoringToolId, 255);
  return result;
}

function fitView(view: ViewState, note: (reason: string) => void): ViewState {
  const capped = <T>(list: T[], max: number, what: string) => {
    if (list.length > max) note(`${list.length - max} ${what} over the limit of ${max} left out`);
    return list.slice(0, max);
  };
  const colours = view.coloring.filter((c) => COLOUR.test(c.color));
  if (colours.length < view.coloring.length) note('colours that are not RGB/ARGB hex left out');
  return {
    camera: view.camera,
    clippingPlanes: capped(view.clippingPlanes, VIEW_CAPS.clippingPlanes, 'clipping planes'),
    lines: capped(view.lines, VIEW_CAPS.lines, 'lines'),
    bitmaps: capped(view.bitmaps, VIEW_CAPS.bitmaps, 'bitmaps'),
    selection: view.selection.map(fitComponent),
    visibility: {
      ...view.visibility,
      exceptions: view.visibility.exceptions.map(fitComponent),
    },
    coloring: capped(colours, VIEW_CAPS.coloring, 'colours').map((c) => ({
      color: c.color,
      components: c.components.map(fitComponent),
    })),
  };
}

function fitSnapshot(vp: BcfViewpoint, note: (reason: string) => void): BcfViewpoint['snapshot'] {
  const snapshot = vp.snapshot;
  if (!snapshot) return undefined;
  const { bytes } = snapshot;
  if (bytes.length > SNAPSHOT_MAX_BYTES) {
    note(`snapshot of viewpoint ${vp.guid} (${bytes.length} bytes) over the 2 MB limit left out`);
    return undefined;
  }
  if (PNG.every((b, i) => bytes[i] === b)) return { type: 'png', bytes };
  if (JPEG.every((b, i) => bytes[i] === b)) return { type: 'jpg', bytes };
  note(`snapshot of viewpoint ${vp.guid} is neither PNG nor JPEG: left out`);
  return undefined;
}

/** One topic made storable; `problems` gets a line per change that loses something. */
export function normalizeTopic(read: BcfTopic, problems: BcfProblem[]): BcfTopic {
  const topic = withoutNul(read);
  const guid = bcfGuid(topic.guid);
  const note = (reason: string) => problems.push({ guid, reason });
  const viewpoints: BcfViewpoint[] = [];
  const viewpointGuids = new Set<string>();
  for (const vp of topic.viewpoints) {
    const vpGuid = bcfGuid(vp.guid);
    if (viewpointGuids.has(vpGuid)) {
      note(`second viewpoint with GUID ${vpGuid} left out`);
      continue;
    }
    viewpointGuids.add(vpGuid);
    const fitted: BcfViewpoint = { guid: vpGuid, view: fitView(vp.view, note) };
    if (vp.index !== undefined) fitted.index = vp.index;
    const snapshot = fitSnapshot(vp, note);
    if (snapshot) fitted.snapshot = snapshot;
    viewpoints.push(fitted);
  }
  const commentGuids = new Set<string>();
  const comments = [];
  for (const c of topic.comments) {
    // A comment without a GUID gets one derived from its content: a re-import finds it again.
    const commentGuid = bcfGuid(c.guid || `${guid}/${c.date}/${c.author}/${c.text}`);
    if (commentGuids.has(commentGuid)) {
      note(`second comment with GUID ${commentGuid} left out`);
      continue;
    }
    commentGuids.add(commentGuid);
    comments.push({
      ...c,
      guid: commentGuid,
      ...(c.viewpointGuid ? { viewpointGuid: bcfGuid(c.viewpointGuid) } : {}),
    });
  }
  const documentGuid = (value: string | undefined) => (value ? bcfGuid(value) : undefined);
  return {
    ...topic,
    guid,
    relatedTopics: [...new Set(topic.relatedTopics.map(bcfGuid))],
    documentReferences: topic.documentReferences.map((ref) => {
      const fixed = { ...ref, guid: bcfGuid(ref.guid) };
      if (ref.documentGuid) fixed.documentGuid = documentGuid(ref.documentGuid);
      return fixed;
    }),
    attachments: topic.attachments.map((file) =>
      file.kind === 'document' ? { ...file, ref: bcfGuid(file.ref) } : file,
    ),
    comments,
    viewpoints,
  };
}

/** Every IFC GlobalId a viewpoint names (selected, visibility exceptions, coloured). */
export function viewComponentGuids(view: ViewState): string[] {
  const ids: string[] = [];
  const add = (list: readonly Component[]) => {
    for (const c of list) if (c.ifcGuid) ids.push(c.ifcGuid);
  };
  add(view.selection);
  add(view.visibility.exceptions);
  for (const colour of view.coloring) add(colour.components);
  return ids;
}
