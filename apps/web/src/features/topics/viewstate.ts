/**
 * The engine's viewpoint (element ids, the viewable's axes) <-> a topic's BCF view state
 * (components by IFC GlobalId, the model's own coordinates). The viewable is glTF: Y up, in
 * metres, shifted by `metadata.origin`; IFC (and so BCF) is Z up. Pure, so it is unit-tested.
 */
import type { Component, Pin, Vector3, ViewState } from '@truss/contracts';
import type { LoadedModelInfo, Vec3, Viewpoint } from '../viewer/engine';

type Metadata = NonNullable<LoadedModelInfo['metadata']>;

export interface ModelFrame {
  origin: Vec3;
  zUp: boolean;
  /** element id -> IFC GlobalId ('' when none). */
  globalIds: readonly string[];
  /** GlobalId -> element id. */
  byGlobalId: Map<string, number>;
}

export function modelFrame(metadata: Metadata | null): ModelFrame {
  const globalIds = metadata?.elements.globalId ?? [];
  const byGlobalId = new Map<string, number>();
  globalIds.forEach((guid, id) => {
    if (guid) byGlobalId.set(guid, id);
  });
  const format = metadata?.format ?? '';
  return {
    origin: metadata?.origin ?? [0, 0, 0],
    zUp: format === 'ifc' || format === 'ifczip',
    globalIds,
    byGlobalId,
  };
}

const vector = (v: Vec3): Vector3 => ({ x: v[0], y: v[1], z: v[2] });

/** A direction from the viewable's axes to the model's. */
export function directionToModel(frame: ModelFrame, d: Vec3): Vector3 {
  return frame.zUp ? vector([d[0], -d[2], d[1]]) : vector(d);
}
export function directionFromModel(frame: ModelFrame, d: Vector3): Vec3 {
  return frame.zUp ? [d.x, d.z, -d.y] : [d.x, d.y, d.z];
}
export function pointToModel(frame: ModelFrame, p: Vec3): Vector3 {
  const o = frame.origin;
  return directionToModel(frame, [p[0] + o[0], p[1] + o[1], p[2] + o[2]]);
}
export function pointFromModel(frame: ModelFrame, p: Vector3): Vec3 {
  const g = directionFromModel(frame, p);
  const o = frame.origin;
  return [g[0] - o[0], g[1] - o[1], g[2] - o[2]];
}

function component(frame: ModelFrame, id: number): Component {
  const guid = frame.globalIds[id];
  return guid ? { ifcGuid: guid, authoringToolId: String(id) } : { authoringToolId: String(id) };
}

function elementOf(frame: ModelFrame, c: Component): number | null {
  if (c.ifcGuid) {
    const id = frame.byGlobalId.get(c.ifcGuid);
    if (id !== undefined) return id;
    if (frame.byGlobalId.size > 0) return null;
  }
  const id = c.authoringToolId !== undefined ? Number(c.authoringToolId) : NaN;
  return Number.isInteger(id) && id >= 0 && !c.ifcGuid ? id : null;
}

export const elements = (frame: ModelFrame, list: readonly Component[]) =>
  list.map((c) => elementOf(frame, c)).filter((id): id is number => id !== null);

const hex = (color: number) => color.toString(16).padStart(6, '0').toUpperCase();

/** The engine's viewpoint as a BCF view state (no snapshot). */
export function toViewState(viewpoint: Viewpoint, frame: ModelFrame, aspect: number): ViewState {
  const cam = viewpoint.camera;
  const dir: Vec3 = [
    cam.target[0] - cam.position[0],
    cam.target[1] - cam.position[1],
    cam.target[2] - cam.position[2],
  ];
  const length = Math.hypot(...dir) || 1;
  const camera: ViewState['camera'] = {
    type: cam.projection,
    position: pointToModel(frame, cam.position),
    direction: directionToModel(frame, [dir[0] / length, dir[1] / length, dir[2] / length]),
    up: directionToModel(frame, cam.up),
    aspectRatio: aspect,
    ...(cam.projection === 'perspective'
      ? { fieldOfView: cam.fov ?? 60 }
      : { viewToWorldScale: cam.height ?? length }),
  };
  // Engine planes keep n·p + c >= 0; a BCF plane's direction points to the cut-away side.
  const planes = viewpoint.sections.planes
    .filter((p) => p.enabled)
    .map((p) => ({ normal: p.normal, constant: p.constant }));
  const box = viewpoint.sections.box;
  if (box?.enabled) {
    for (let axis = 0; axis < 3; axis += 1) {
      const n: Vec3 = [0, 0, 0];
      n[axis] = 1;
      planes.push({ normal: [...n], constant: -box.min[axis]! });
      n[axis] = -1;
      planes.push({ normal: [...n], constant: box.max[axis]! });
    }
  }
  const clippingPlanes = planes.map(({ normal, constant }) => ({
    location: pointToModel(frame, [
      -normal[0] * constant,
      -normal[1] * constant,
      -normal[2] * constant,
    ]),
    direction: directionToModel(frame, [-normal[0], -normal[1], -normal[2]]),
  }));
  const isolated = viewpoint.visibility.isolated;
  const byColor = new Map<number, number[]>();
  for (const [id, color] of Object.entries(viewpoint.colors)) {
    const list = byColor.get(color);
    if (list) list.push(Number(id));
    else byColor.set(color, [Number(id)]);
  }
  return {
    camera,
    clippingPlanes,
    lines: [],
    bitmaps: [],
    selection: viewpoint.selection.map((id) => component(frame, id)),
    visibility: {
      defaultVisibility: isolated === null,
      exceptions: (isolated ?? viewpoint.visibility.hidden).map((id) => component(frame, id)),
    },
    coloring: [...byColor].map(([color, ids]) => ({
      color: hex(color),
      components: ids.map((id) => component(frame, id)),
    })),
  };
}

/**
 * A BCF view state as an engine viewpoint. Without a camera, `fallback` (the current view) keeps
 * its camera. Components that no element of this model matches are left out.
 */
export function fromViewState(state: ViewState, frame: ModelFrame, fallback: Viewpoint): Viewpoint {
  const cam = state.camera;
  let camera = fallback.camera;
  if (cam) {
    const position = pointFromModel(frame, cam.position);
    const d = directionFromModel(frame, cam.direction);
    const length = Math.hypot(...d) || 1;
    // A target some way along the view direction: the orbit centre after the jump.
    const reach = Math.max(
      1,
      Math.hypot(...fallback.camera.target.map((t, i) => t - fallback.camera.position[i]!)),
    );
    const target: Vec3 = [
      position[0] + (d[0] / length) * reach,
      position[1] + (d[1] / length) * reach,
      position[2] + (d[2] / length) * reach,
    ];
    camera = {
      projection: cam.type,
      position,
      target,
      up: directionFromModel(frame, cam.up),
      ...(cam.type === 'perspective'
        ? { fov: cam.fieldOfView ?? 60 }
        : { height: cam.viewToWorldScale ?? reach }),
    };
  }
  const planes = state.clippingPlanes.map((p, i) => {
    const d = directionFromModel(frame, p.direction);
    const length = Math.hypot(...d) || 1;
    const normal: Vec3 = [-d[0] / length, -d[1] / length, -d[2] / length];
    const at = pointFromModel(frame, p.location);
    const constant = -(normal[0] * at[0] + normal[1] * at[1] + normal[2] * at[2]);
    return { id: `bcf-${i + 1}`, normal, constant, enabled: true };
  });
  const exceptions = elements(frame, state.visibility.exceptions);
  const colors: Record<string, number> = {};
  for (const c of state.coloring) {
    const rgb = parseInt(c.color.slice(-6), 16);
    for (const id of elements(frame, c.components)) colors[String(id)] = rgb;
  }
  return {
    version: 1,
    camera,
    sections: { planes, box: null },
    visibility: state.visibility.defaultVisibility
      ? { hidden: exceptions, isolated: null }
      : { hidden: [], isolated: exceptions },
    selection: elements(frame, state.selection),
    colors,
    xray: false,
    edges: fallback.edges,
  };
}

/** A picked point as a topic's pin. */
export function toPin(frame: ModelFrame, point: Vec3, elementId: number | null): Pin {
  const guid = elementId === null ? '' : (frame.globalIds[elementId] ?? '');
  return { position: pointToModel(frame, point), elementId, globalId: guid || null };
}

/**
 * The elements a topic without a pin is about (an imported BCF topic): its first viewpoint's
 * selection, else the components it shows on a hidden model. Empty when it names none here.
 */
export function focusElements(frame: ModelFrame, state: ViewState | undefined): number[] {
  if (!state) return [];
  const selected = elements(frame, state.selection);
  if (selected.length) return selected;
  return state.visibility.defaultVisibility ? [] : elements(frame, state.visibility.exceptions);
}
