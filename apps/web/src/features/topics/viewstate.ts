/**
 * The engine's viewpoint (element ids, the viewable's axes) <-> a topic's BCF view state
 * (components by IFC GlobalId, the model's own coordinates). The viewable is glTF: Y up, in
 * metres, shifted by `metadata.origin`; IFC (and so BCF) is Z up. Pure, so it is unit-tested.
 *
 * Element ids are the engine's global ids: a model's metadata rows plus its offset. The model
 * page shows one model (offset 0); the federated view several, so components are matched by
 * GlobalId in whichever model holds them (`ModelResolver`), while the camera and the pin are in
 * the coordinates of the topic's own model (`home`).
 */
import {
  isSheetPin,
  type Component,
  type Pin,
  type Topic,
  type Vector3,
  type ViewState,
} from '@truss/contracts';
import type { LoadedModelInfo, Vec3, Viewpoint } from '../viewer';

type Metadata = NonNullable<LoadedModelInfo['metadata']>;

export interface ModelFrame {
  origin: Vec3;
  zUp: boolean;
  /** element id -> IFC GlobalId ('' when none). */
  globalIds: readonly string[];
  /** GlobalId -> element id. */
  byGlobalId: Map<string, number>;
}

/**
 * `translation`: where the engine moved the model (LoadedModelInfo); the first model it loads is
 * not moved, later ones are aligned to it, so their own coordinates are offset by it.
 */
function modelFrame(metadata: Metadata | null, translation?: Vec3): ModelFrame {
  const globalIds = metadata?.elements.globalId ?? [];
  const byGlobalId = new Map<string, number>();
  globalIds.forEach((guid, id) => {
    if (guid) byGlobalId.set(guid, id);
  });
  const format = metadata?.format ?? '';
  const origin = metadata?.origin ?? [0, 0, 0];
  const t = translation ?? [0, 0, 0];
  return {
    origin: [origin[0] - t[0], origin[1] - t[1], origin[2] - t[2]],
    zUp: format === 'ifc' || format === 'ifczip',
    globalIds,
    byGlobalId,
  };
}

/** One model of the view: its frame and where its rows sit among the engine's ids. */
export interface FramedModel {
  modelId: string;
  /** Global id of row 0. */
  offset: number;
  /** Ids the model reserves from `offset`. */
  idCount: number;
  frame: ModelFrame;
}

/** A loaded model (LoadedModelInfo) as a FramedModel; `modelId` defaults to its engine key. */
export function framedModel(
  info: Pick<LoadedModelInfo, 'key' | 'offset' | 'idCount' | 'translation' | 'metadata'>,
  modelId = info.key,
): FramedModel {
  return {
    modelId,
    offset: info.offset,
    idCount: info.idCount,
    frame: modelFrame(info.metadata, info.translation),
  };
}

/** Maps the engine's global element ids to the models of the view and back. */
export interface ModelResolver {
  readonly models: readonly FramedModel[];
  /** The model holding a global id and the id's row in it. */
  resolve(id: number): { model: FramedModel; row: number } | null;
  /**
   * The model a topic is on: the one with this id; with a single model shown, that model
   * whatever the id (the share page does not know its model's id).
   */
  home(modelId: string | null | undefined): FramedModel | null;
}

export function modelResolver(models: readonly FramedModel[]): ModelResolver {
  const sorted = [...models].sort((a, b) => a.offset - b.offset);
  return {
    models,
    resolve(id) {
      for (const model of sorted)
        if (id >= model.offset && id < model.offset + model.idCount)
          return { model, row: id - model.offset };
      return null;
    },
    home(modelId) {
      if (models.length === 1) return models[0]!;
      return models.find((m) => m.modelId === modelId) ?? null;
    },
  };
}

const vector = (v: Vec3): Vector3 => ({ x: v[0], y: v[1], z: v[2] });

/** A direction from the viewable's axes to the model's. */
function directionToModel(frame: ModelFrame, d: Vec3): Vector3 {
  return frame.zUp ? vector([d[0], -d[2], d[1]]) : vector(d);
}
function directionFromModel(frame: ModelFrame, d: Vector3): Vec3 {
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

/** An element as a BCF component: its GlobalId and its row in its own model. */
function component(resolver: ModelResolver, id: number): Component {
  const at = resolver.resolve(id);
  const row = at ? at.row : id;
  const guid = at?.model.frame.globalIds[row];
  return guid ? { ifcGuid: guid, authoringToolId: String(row) } : { authoringToolId: String(row) };
}

/**
 * A component as an element: by GlobalId in whichever model holds it (the home model first),
 * else (no GlobalId) by its row in the home model.
 */
function elementOf(resolver: ModelResolver, home: FramedModel | null, c: Component): number | null {
  if (c.ifcGuid) {
    for (const model of home ? [home, ...resolver.models] : resolver.models) {
      const row = model.frame.byGlobalId.get(c.ifcGuid);
      if (row !== undefined) return model.offset + row;
    }
    return null;
  }
  const row = c.authoringToolId !== undefined ? Number(c.authoringToolId) : NaN;
  return home && Number.isInteger(row) && row >= 0 ? home.offset + row : null;
}

export const elements = (
  resolver: ModelResolver,
  home: FramedModel | null,
  list: readonly Component[],
) => list.map((c) => elementOf(resolver, home, c)).filter((id): id is number => id !== null);

const hex = (color: number) => color.toString(16).padStart(6, '0').toUpperCase();

/** The engine's viewpoint as a BCF view state (no snapshot), in `home`'s coordinates. */
export function toViewState(
  viewpoint: Viewpoint,
  resolver: ModelResolver,
  home: FramedModel,
  aspect: number,
): ViewState {
  const frame = home.frame;
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
    selection: viewpoint.selection.map((id) => component(resolver, id)),
    visibility: {
      defaultVisibility: isolated === null,
      exceptions: (isolated ?? viewpoint.visibility.hidden).map((id) => component(resolver, id)),
    },
    coloring: [...byColor].map(([color, ids]) => ({
      color: hex(color),
      components: ids.map((id) => component(resolver, id)),
    })),
  };
}

/**
 * A BCF view state as an engine viewpoint (camera in `home`'s coordinates). Without a camera,
 * `fallback` (the current view) keeps its camera. Components that no element of the shown models
 * matches are left out.
 */
export function fromViewState(
  state: ViewState,
  resolver: ModelResolver,
  home: FramedModel,
  fallback: Viewpoint,
): Viewpoint {
  const frame = home.frame;
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
  const exceptions = elements(resolver, home, state.visibility.exceptions);
  const colors: Record<string, number> = {};
  for (const c of state.coloring) {
    const rgb = parseInt(c.color.slice(-6), 16);
    for (const id of elements(resolver, home, c.components)) colors[String(id)] = rgb;
  }
  return {
    version: 1,
    camera,
    sections: { planes, box: null },
    visibility: state.visibility.defaultVisibility
      ? { hidden: exceptions, isolated: null }
      : { hidden: [], isolated: exceptions },
    selection: elements(resolver, home, state.selection),
    colors,
    xray: false,
    edges: fallback.edges,
  };
}

/**
 * A picked point (and element, a global id) as a topic's pin, and the model the topic goes on:
 * the picked element's, else `fallback` (the first model).
 */
export function toPin(
  resolver: ModelResolver,
  fallback: FramedModel,
  point: Vec3,
  elementId: number | null,
): { pin: Pin; model: FramedModel } {
  const at = elementId === null ? null : resolver.resolve(elementId);
  const model = at?.model ?? fallback;
  const row = at ? at.row : elementId;
  const guid = row === null ? '' : (model.frame.globalIds[row] ?? '');
  return {
    pin: { position: pointToModel(model.frame, point), elementId: row, globalId: guid || null },
    model,
  };
}

/**
 * Where a topic's pin goes, as the engine wants it: its own point (in its model's coordinates)
 * and element (global id), else the elements its view is about (`focus`: the first viewpoint's
 * selection, else what a view that hides the rest shows; the pin goes at their centre).
 * Null when the topic's model is not shown.
 */
export function pinTarget(
  resolver: ModelResolver,
  topic: Pick<Topic, 'model_id' | 'pin' | 'focus'>,
): { point: Vec3; elementId: number | null } | { elements: number[] } | null {
  const home = resolver.home(topic.model_id);
  if (!home) return null;
  // A pin on a sheet (a storey plan of this model) has no 3D point: the view's elements place it.
  if (topic.pin && !isSheetPin(topic.pin)) {
    const row = topic.pin.elementId;
    return {
      point: pointFromModel(home.frame, topic.pin.position),
      elementId: row === null || row === undefined ? null : home.offset + row,
    };
  }
  const ids = elements(resolver, home, topic.focus);
  return ids.length ? { elements: ids } : null;
}
