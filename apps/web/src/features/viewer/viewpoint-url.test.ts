import { describe, expect, it } from 'vitest';
import type { Viewpoint } from './engine';
import {
  decodeIdRanges,
  decodeViewpoint,
  encodeIdRanges,
  encodeViewpoint,
  MAX_VIEWPOINT_PARAM_LENGTH,
  withViewpointParam,
} from './viewpoint-url';

const viewpoint: Viewpoint = {
  version: 1,
  camera: {
    projection: 'perspective',
    position: [12.5, -3.25, 40.123456],
    target: [0, 1.5, 0],
    up: [0, 1, 0],
    fov: 45,
  },
  sections: {
    planes: [{ id: 'plane-1', normal: [0, -1, 0], constant: 2.75, enabled: true }],
    box: { min: [-1, -2, -3], max: [4, 5, 6], enabled: false },
  },
  visibility: { hidden: [7, 3, 4, 5, 100], isolated: null },
  selection: [42],
  colors: { '1': 0xff0000, '2': 0xff0000, '3': 0x00ff00 },
  xray: true,
  edges: false,
};

describe('viewpoint in the URL', () => {
  it('writes id lists as ranges and reads them back', () => {
    expect(encodeIdRanges([5, 3, 4, 9, 10, 1, 3])).toBe('1,3-5,9-10');
    expect(decodeIdRanges('1,3-5,9-10')).toEqual([1, 3, 4, 5, 9, 10]);
    expect(encodeIdRanges([])).toBe('');
    expect(decodeIdRanges('')).toEqual([]);
    expect(() => decodeIdRanges('5-3')).toThrow();
    expect(() => decodeIdRanges('a')).toThrow();
    expect(() => decodeIdRanges('0-99999999')).toThrow();
  });

  it('round-trips a viewpoint (numbers to 0.1 mm) in URL-safe characters', () => {
    const encoded = encodeViewpoint(viewpoint);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = decodeViewpoint(encoded);
    expect(decoded).toEqual({
      ...viewpoint,
      camera: { ...viewpoint.camera, position: [12.5, -3.25, 40.1235] },
      visibility: { hidden: [3, 4, 5, 7, 100], isolated: null },
    });
  });

  it('stays short enough to reload: colours, then selection, then visibility give way to the view', () => {
    // colour by type on a large model: every other id in one of 12 colours
    const colors: Record<string, number> = {};
    for (let id = 0; id < 20_000; id += 2) colors[id] = (id % 12) * 0x111111;
    const everyThird = Array.from({ length: 6000 }, (_, k) => k * 3);
    const big: Viewpoint = { ...viewpoint, colors, selection: everyThird };

    const noColours = decodeViewpoint(encodeViewpoint(big));
    expect(encodeViewpoint(big).length).toBeLessThanOrEqual(MAX_VIEWPOINT_PARAM_LENGTH);
    expect(noColours?.colors).toEqual({});
    expect(noColours?.camera.position).toEqual([12.5, -3.25, 40.1235]);
    expect(noColours?.visibility.hidden).toEqual([3, 4, 5, 7, 100]);
    expect(noColours?.sections.planes).toHaveLength(1);

    const scattered: Viewpoint = { ...big, visibility: { hidden: everyThird, isolated: null } };
    const viewOnly = decodeViewpoint(encodeViewpoint(scattered));
    expect(viewOnly).toMatchObject({ colors: {}, selection: [], xray: true });
    expect(viewOnly?.visibility).toEqual({ hidden: [], isolated: null });
    expect(viewOnly?.camera.position).toEqual([12.5, -3.25, 40.1235]);

    // a small viewpoint keeps everything
    expect(decodeViewpoint(encodeViewpoint(viewpoint))?.colors).toEqual({
      1: 0xff0000,
      2: 0xff0000,
      3: 0x00ff00,
    });
  });

  it('keeps orthographic height, isolation and non-ASCII plane ids', () => {
    const ortho: Viewpoint = {
      ...viewpoint,
      camera: {
        projection: 'orthographic',
        position: [0, 10, 0],
        target: [0, 0, 0],
        up: [0, 0, -1],
        height: 25,
      },
      sections: {
        planes: [{ id: '剖切', normal: [1, 0, 0], constant: -1, enabled: false }],
        box: null,
      },
      visibility: { hidden: [], isolated: [8, 9] },
      colors: {},
    };
    expect(decodeViewpoint(encodeViewpoint(ortho))).toEqual(ortho);
  });

  it('ignores garbage instead of throwing', () => {
    expect(decodeViewpoint('')).toBeNull();
    expect(decodeViewpoint('not base64!')).toBeNull();
    expect(decodeViewpoint('eyJ2IjoxfQ')).toBeNull(); // {"v":1}
    expect(decodeViewpoint(btoa('{"v":2}'))).toBeNull();
    expect(decodeViewpoint(encodeViewpoint(viewpoint).slice(0, 40))).toBeNull();
    const bad = btoa(
      JSON.stringify({
        v: 1,
        c: [0, [0, 0, 0], [0, 0, 0], [0, 1, 0], null],
        p: [],
        b: null,
        h: '1-x',
        i: null,
        s: '',
        k: {},
        x: 0,
        e: 0,
      }),
    );
    expect(decodeViewpoint(bad.replace(/=+$/, ''))).toBeNull();
  });

  it('sets vp in the URL, keeping the other parameters and the hash', () => {
    expect(withViewpointParam('http://x/model/1?tab=a#h', 'abc')).toBe('/model/1?tab=a&vp=abc#h');
    expect(withViewpointParam('http://x/model/1?vp=old&tab=a', 'new')).toBe(
      '/model/1?vp=new&tab=a',
    );
    expect(withViewpointParam('http://x/model/1?vp=old', null)).toBe('/model/1');
  });
});
