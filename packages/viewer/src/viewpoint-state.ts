/**
 * The full viewer state as a Viewpoint (camera, sections, visibility, selection, colours, x-ray,
 * edges): read from the core and the built-in parts, and restored to them. A viewpoint set before
 * the first model is validated at once and applied when that model's meshes exist.
 */
import * as THREE from 'three';
import type { Vec3, Viewpoint } from './api-types.ts';
import type { SectionApi, SelectionApi, VisibilityApi } from './api.ts';
import type { ViewerCore } from './core/viewer-core.ts';
import { fitFov, frameFit } from './navigation/camera-math.ts';
import { parseViewpoint } from './viewpoint.ts';

interface ViewpointParts {
  section: SectionApi & {
    getState(): Viewpoint['sections'];
    setState(state: Viewpoint['sections']): void;
  };
  selection: SelectionApi;
  visibility: VisibilityApi;
}

interface ViewpointDeps extends ViewpointParts {
  core: ViewerCore;
}

const vec = (v: THREE.Vector3): Vec3 => [v.x, v.y, v.z];

function captureViewpoint(deps: ViewpointDeps): Viewpoint {
  const { rig, model } = deps.core;
  const state = model.elements.state;
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
    xray: model.elements.getXray(),
    edges: model.edgesOn(),
  };
}

/**
 * Validates (always) and applies (when deps are given) a viewpoint; returns the parsed copy.
 * Throws ViewpointError on an invalid or unknown-version viewpoint before changing anything.
 */
function applyViewpoint(deps: ViewpointDeps | null, input: Viewpoint, animate: boolean): Viewpoint {
  const viewpoint = parseViewpoint(input);
  if (!deps) return viewpoint;
  const { core } = deps;
  const { rig, model } = core;
  const { camera } = viewpoint;
  // Taken at another aspect: on a narrower canvas, widen the view so all of it shows.
  const fit = frameFit(camera.aspect, rig.getAspect());
  if (camera.fov !== undefined) rig.perspective.fov = fitFov(camera.fov, fit);
  rig.setProjection(camera.projection);
  rig.moveTo(new THREE.Vector3(...camera.position), new THREE.Vector3(...camera.target), {
    duration: animate ? 500 : 0,
    orthoHeight: camera.height !== undefined ? camera.height * fit : rig.orthoHeight,
  });
  deps.section.setState(viewpoint.sections);

  const state = model.elements.state;
  if (state) {
    state.hidden.clear();
    for (const id of viewpoint.visibility.hidden) state.hidden.add(id);
    state.isolated = viewpoint.visibility.isolated ? new Set(viewpoint.visibility.isolated) : null;
    state.colors.clear();
    for (const [id, color] of Object.entries(viewpoint.colors)) state.colors.set(Number(id), color);
    state.sync();
    core.emitter.emit('visibility-change', {
      hidden: deps.visibility.getHidden(),
      isolated: deps.visibility.getIsolated(),
    });
  }
  deps.selection.set(viewpoint.selection);
  deps.visibility.setXray(viewpoint.xray);
  core.setEdges(viewpoint.edges);
  core.cameraChanged();
  return viewpoint;
}

/** Reads and restores viewpoints; holds one set before the first model until it is placed. */
export class Viewpoints {
  private pending: Viewpoint | null = null;

  constructor(private readonly deps: ViewpointDeps) {
    const { core } = deps;
    core.placeFirstModel = () => {
      const viewpoint = this.pending;
      if (!viewpoint) return core.navigation.fitFirst();
      this.pending = null;
      core.navigation.forgetFirstFit();
      applyViewpoint(deps, viewpoint, false);
    };
  }

  get(): Viewpoint {
    return captureViewpoint(this.deps);
  }

  set(viewpoint: Viewpoint, animate: boolean): void {
    if (!this.deps.core.model.elements.state) {
      // Not loaded yet: validate now, apply as soon as the model is prepared.
      this.pending = applyViewpoint(null, viewpoint, false);
      return;
    }
    applyViewpoint(this.deps, viewpoint, animate);
  }
}
