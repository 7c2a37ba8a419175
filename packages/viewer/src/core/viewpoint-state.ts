/** Reading and restoring the full viewer state as a Viewpoint (camera, sections, visibility, ...). */
import * as THREE from 'three';
import type {
  SectionApi,
  SelectionApi,
  Vec3,
  ViewerEvents,
  Viewpoint,
  VisibilityApi,
} from '../api.ts';
import type { CameraRig } from '../navigation/camera-rig.ts';
import { parseViewpoint } from '../viewpoint.ts';
import type { Emitter } from './events.ts';
import type { ModelHost } from './model-host.ts';

export interface ViewpointDeps {
  rig: CameraRig;
  model: ModelHost;
  section: SectionApi & {
    getState(): Viewpoint['sections'];
    setState(state: Viewpoint['sections']): void;
  };
  selection: SelectionApi;
  visibility: VisibilityApi;
  setEdges(on: boolean): void;
  edgesOn(): boolean;
  emitter: Emitter<ViewerEvents>;
  cameraChanged(): void;
}

const vec = (v: THREE.Vector3): Vec3 => [v.x, v.y, v.z];

export function captureViewpoint(deps: ViewpointDeps): Viewpoint {
  const { rig, model } = deps;
  const state = model.state;
  const colors: Record<string, number> = {};
  for (const [id, color] of state?.colors ?? []) colors[String(id)] = color;
  const camera: Viewpoint['camera'] = {
    projection: rig.projection,
    position: vec(rig.position),
    target: vec(rig.target),
    up: [0, 1, 0],
  };
  if (rig.projection === 'perspective') camera.fov = rig.perspective.fov;
  else camera.height = rig.orthoHeight;
  return {
    version: 1,
    camera,
    sections: deps.section.getState(),
    visibility: { hidden: deps.visibility.getHidden(), isolated: deps.visibility.getIsolated() },
    selection: deps.selection.get(),
    colors,
    xray: model.getXray(),
    edges: deps.edgesOn(),
  };
}

/**
 * Validates (always) and applies (when deps are given) a viewpoint; returns the parsed copy.
 * Throws ViewpointError on an invalid or unknown-version viewpoint before changing anything.
 */
export function applyViewpoint(
  deps: ViewpointDeps | null,
  input: Viewpoint,
  animate: boolean,
): Viewpoint {
  const viewpoint = parseViewpoint(input);
  if (!deps) return viewpoint;
  const { rig, model } = deps;
  const { camera } = viewpoint;
  if (camera.fov !== undefined) rig.perspective.fov = camera.fov;
  rig.setProjection(camera.projection);
  rig.moveTo(new THREE.Vector3(...camera.position), new THREE.Vector3(...camera.target), {
    duration: animate ? 500 : 0,
    orthoHeight: camera.height ?? rig.orthoHeight,
  });
  deps.section.setState(viewpoint.sections);

  const state = model.state;
  if (state) {
    state.hidden.clear();
    for (const id of viewpoint.visibility.hidden) state.hidden.add(id);
    state.isolated = viewpoint.visibility.isolated ? new Set(viewpoint.visibility.isolated) : null;
    state.colors.clear();
    for (const [id, color] of Object.entries(viewpoint.colors)) state.colors.set(Number(id), color);
    state.sync();
    deps.emitter.emit('visibility-change', {
      hidden: deps.visibility.getHidden(),
      isolated: deps.visibility.getIsolated(),
    });
  }
  deps.selection.set(viewpoint.selection);
  deps.visibility.setXray(viewpoint.xray);
  deps.setEdges(viewpoint.edges);
  deps.cameraChanged();
  return viewpoint;
}
