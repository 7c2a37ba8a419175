import { describe, expect, it } from 'vitest';
import type { Viewpoint } from '../viewer/engine';
import {
  focusElements,
  fromViewState,
  pointFromModel,
  pointToModel,
  toPin,
  toViewState,
  type ModelFrame,
} from './viewstate';

const frame: ModelFrame = {
  origin: [100, 0, -50],
  zUp: true,
  globalIds: ['', '2O2Fr$t4X7Zf8NOew3FLOH', '1hOSvn6df7F8_7GcBWlR72'],
  byGlobalId: new Map([
    ['2O2Fr$t4X7Zf8NOew3FLOH', 1],
    ['1hOSvn6df7F8_7GcBWlR72', 2],
  ]),
};

const viewpoint: Viewpoint = {
  version: 1,
  camera: {
    projection: 'perspective',
    position: [10, 5, 10],
    target: [0, 0, 0],
    up: [0, 1, 0],
    fov: 45,
  },
  sections: {
    planes: [{ id: 'p', normal: [0, -1, 0], constant: 2, enabled: true }],
    box: null,
  },
  visibility: { hidden: [], isolated: [1] },
  selection: [2],
  colors: { '1': 0xff8800 },
  xray: false,
  edges: true,
};

describe('topic view state <-> engine viewpoint', () => {
  it('maps glTF Y-up viewable coordinates to IFC Z-up model coordinates and back', () => {
    // Viewable (x, y, z) + origin = glTF (gx, gy, gz) = IFC (gx, -gz, gy).
    expect(pointToModel(frame, [1, 2, 3])).toEqual({ x: 101, y: 47, z: 2 });
    expect(pointFromModel(frame, { x: 101, y: 47, z: 2 })).toEqual([1, 2, 3]);
  });

  it('writes components by GlobalId, isolation as default-hidden with exceptions', () => {
    const state = toViewState(viewpoint, frame, 1.5);
    expect(state.camera?.type).toBe('perspective');
    expect(state.camera?.fieldOfView).toBe(45);
    expect(state.camera?.up).toEqual({ x: 0, y: -0, z: 1 });
    expect(state.visibility.defaultVisibility).toBe(false);
    expect(state.visibility.exceptions[0]?.ifcGuid).toBe('2O2Fr$t4X7Zf8NOew3FLOH');
    expect(state.selection[0]?.ifcGuid).toBe('1hOSvn6df7F8_7GcBWlR72');
    expect(state.coloring).toEqual([
      {
        color: 'FF8800',
        components: [{ ifcGuid: '2O2Fr$t4X7Zf8NOew3FLOH', authoringToolId: '1' }],
      },
    ]);
  });

  it('round-trips camera, planes, visibility, selection and colours', () => {
    const back = fromViewState(toViewState(viewpoint, frame, 1.5), frame, viewpoint);
    const close = (a: readonly number[], b: readonly number[]) =>
      a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));
    close(back.camera.position, viewpoint.camera.position);
    close(back.camera.up, viewpoint.camera.up);
    // The target lies on the same ray.
    const d0 = viewpoint.camera.target.map((t, i) => t - viewpoint.camera.position[i]!);
    const d1 = back.camera.target.map((t, i) => t - back.camera.position[i]!);
    const n0 = Math.hypot(...d0);
    const n1 = Math.hypot(...d1);
    close(
      d1.map((v) => v / n1),
      d0.map((v) => v / n0),
    );
    expect(back.sections.planes).toHaveLength(1);
    close(back.sections.planes[0]!.normal, [0, -1, 0]);
    expect(back.sections.planes[0]!.constant).toBeCloseTo(2, 9);
    expect(back.visibility).toEqual({ hidden: [], isolated: [1] });
    expect(back.selection).toEqual([2]);
    expect(back.colors).toEqual({ '1': 0xff8800 });
  });

  it('leaves out components of other models and reads orthographic cameras', () => {
    const state = toViewState(viewpoint, frame, 1);
    state.selection.push({ ifcGuid: '0000000000000000000000' });
    state.camera = { ...state.camera!, type: 'orthographic', viewToWorldScale: 12 };
    const back = fromViewState(state, frame, viewpoint);
    expect(back.selection).toEqual([2]);
    expect(back.camera.projection).toBe('orthographic');
    expect(back.camera.height).toBe(12);
  });

  it('makes a pin with the element GlobalId', () => {
    expect(toPin(frame, [0, 0, 0], 1)).toEqual({
      position: { x: 100, y: 50, z: 0 },
      elementId: 1,
      globalId: '2O2Fr$t4X7Zf8NOew3FLOH',
    });
    expect(toPin(frame, [0, 0, 0], 0).globalId).toBeNull();
  });

  it('finds what a pinless (imported) topic is about: selection, else the only visible ones', () => {
    const state = toViewState(viewpoint, frame, 1);
    expect(focusElements(frame, state)).toEqual([2]);
    expect(focusElements(frame, { ...state, selection: [] })).toEqual([1]);
    expect(
      focusElements(frame, {
        ...state,
        selection: [],
        visibility: { defaultVisibility: true, exceptions: state.visibility.exceptions },
      }),
    ).toEqual([]);
    expect(focusElements(frame, undefined)).toEqual([]);
  });
});
