import { describe, expect, it } from 'vitest';
import type { Viewpoint } from '../viewer';
import {
  framedModel,
  fromViewState,
  modelResolver,
  pinTarget,
  pointFromModel,
  pointToModel,
  toPin,
  toViewState,
  type FramedModel,
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

/** The model page: one model at offset 0. */
const single: FramedModel = { modelId: 'm', offset: 0, idCount: 3, frame };
const one = modelResolver([single]);

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
    const state = toViewState(viewpoint, one, single, 1.5);
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
    const back = fromViewState(toViewState(viewpoint, one, single, 1.5), one, single, viewpoint);
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
    const state = toViewState(viewpoint, one, single, 1);
    state.selection.push({ ifcGuid: '0000000000000000000000' });
    state.camera = { ...state.camera!, type: 'orthographic', viewToWorldScale: 12 };
    const back = fromViewState(state, one, single, viewpoint);
    expect(back.selection).toEqual([2]);
    expect(back.camera.projection).toBe('orthographic');
    expect(back.camera.height).toBe(12);
  });

  it('makes a pin with the element GlobalId', () => {
    expect(toPin(one, single, [0, 0, 0], 1)).toEqual({
      pin: { position: { x: 100, y: 50, z: 0 }, elementId: 1, globalId: '2O2Fr$t4X7Zf8NOew3FLOH' },
      model: single,
    });
    expect(toPin(one, single, [0, 0, 0], 0).pin.globalId).toBeNull();
  });

  it("places a pinless (imported) topic at the elements of its focus (the server's pick)", () => {
    // The server picks the focus (selection, else the only visible ones: see
    // viewpoint-summaries.test.ts); the web resolves its global ids in the shown model.
    const state = toViewState(viewpoint, one, single, 1);
    const pinless = (focus: typeof state.selection) => ({
      model_id: single.modelId,
      pin: null,
      focus,
    });
    expect(pinTarget(one, pinless(state.selection))).toEqual({ elements: [2] });
    expect(pinTarget(one, pinless(state.visibility.exceptions))).toEqual({ elements: [1] });
    expect(pinTarget(one, pinless([]))).toBeNull();
    expect(pinTarget(one, pinless([{ ifcGuid: 'NOT_IN_THIS_MODEL_0000' }]))).toBeNull();
  });
});

describe('topic view state across several models (federated view)', () => {
  // Two IFC models aligned by their stored coordinates: the engine moved the second by its
  // origin minus the first's, so both frames come out with the same origin.
  /** An IFC model as the engine loaded it (LoadedModelInfo's fields the frame reads). */
  const ifc = (
    key: string,
    [offset, translateX, originX]: [number, number, number],
    globalId: string[],
  ) =>
    framedModel(
      {
        key,
        offset,
        idCount: globalId.length,
        translation: [translateX, 0, 0],
        metadata: { format: 'ifc', origin: [originX, 0, -50], elements: { globalId } } as never,
      },
      `${key}-id`,
    );
  const arch = ifc('arch', [0, 0, 100], ['', 'ARCH_WALL_0000000000001', 'ARCH_SLAB_0000000000002']);
  const mep = ifc('mep', [3, 10, 110], ['MEP_DUCT_00000000000001', 'MEP_PIPE_00000000000002']);
  const both = modelResolver([arch, mep]);

  it('frames each model by its origin less the translation the engine gave it', () => {
    expect(arch.frame.origin).toEqual([100, 0, -50]);
    expect(mep.frame.origin).toEqual([100, 0, -50]);
  });

  it('resolves global ids to a model and its row', () => {
    expect(both.resolve(1)).toEqual({ model: arch, row: 1 });
    expect(both.resolve(4)).toEqual({ model: mep, row: 1 });
    expect(both.resolve(5)).toBeNull();
    expect(both.home('mep-id')).toBe(mep);
    expect(both.home('gone')).toBeNull();
    // The model page (and the share page, which does not know its model's id): its one model.
    expect(one.home('whatever')).toBe(single);
  });

  it('writes components of both models by GlobalId and row, and reads them back as global ids', () => {
    const spanning: Viewpoint = {
      ...viewpoint,
      visibility: { hidden: [2, 3], isolated: null },
      selection: [1, 4],
      colors: {},
    };
    const state = toViewState(spanning, both, mep, 1);
    expect(state.selection).toEqual([
      { ifcGuid: 'ARCH_WALL_0000000000001', authoringToolId: '1' },
      { ifcGuid: 'MEP_PIPE_00000000000002', authoringToolId: '1' },
    ]);
    expect(state.visibility.exceptions.map((c) => c.ifcGuid)).toEqual([
      'ARCH_SLAB_0000000000002',
      'MEP_DUCT_00000000000001',
    ]);
    const back = fromViewState(state, both, mep, spanning);
    expect(back.selection).toEqual([1, 4]);
    expect(back.visibility).toEqual({ hidden: [2, 3], isolated: null });
    // Without a GlobalId a component is a row of the topic's own model.
    const byRow = fromViewState(
      { ...state, selection: [{ authoringToolId: '1' }] },
      both,
      mep,
      spanning,
    );
    expect(byRow.selection).toEqual([4]);
  });

  it('pins on the model of the picked element, with its row; else on the fallback model', () => {
    const picked = toPin(both, arch, [0, 0, 0], 3);
    expect(picked.model).toBe(mep);
    expect(picked.pin).toEqual({
      position: { x: 100, y: 50, z: 0 },
      elementId: 0,
      globalId: 'MEP_DUCT_00000000000001',
    });
    expect(toPin(both, arch, [0, 0, 0], null).model).toBe(arch);
  });

  it("places a topic's pin in its own model: point and global element, or the elements it is about", () => {
    const pin = toPin(both, arch, [1, 2, 3], 4).pin;
    expect(pinTarget(both, { model_id: 'mep-id', pin, focus: [] })).toEqual({
      point: [1, 2, 3],
      elementId: 4,
    });
    const state = toViewState({ ...viewpoint, selection: [3] }, both, mep, 1);
    expect(pinTarget(both, { model_id: 'mep-id', pin: null, focus: state.selection })).toEqual({
      elements: [3],
    });
    expect(pinTarget(both, { model_id: 'other-id', pin, focus: [] })).toBeNull();
  });
});
