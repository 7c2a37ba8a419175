/**
 * Viewpoint validation: `setViewpoint` takes JSON from URLs, comments and share links, so every
 * field is checked and unknown versions are refused with a clear error.
 */
import type { SectionBoxState, SectionPlaneState, Vec3, Viewpoint } from './api-types.ts';

export const VIEWPOINT_VERSION = 1;

export class ViewpointError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ViewpointError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function vec3(value: unknown, field: string): Vec3 {
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    !value.every((v) => typeof v === 'number' && Number.isFinite(v))
  ) {
    throw new ViewpointError(`Invalid viewpoint: ${field} must be three finite numbers.`);
  }
  return [value[0], value[1], value[2]] as Vec3;
}

function ids(value: unknown, field: string): number[] {
  if (!Array.isArray(value) || !value.every((v) => Number.isInteger(v) && v >= 0)) {
    throw new ViewpointError(`Invalid viewpoint: ${field} must be a list of element ids.`);
  }
  return value as number[];
}

function positive(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ViewpointError(`Invalid viewpoint: ${field} must be a positive number.`);
  }
  return value;
}

function plane(value: unknown, index: number): SectionPlaneState {
  const field = `sections.planes[${index}]`;
  if (
    !isObject(value) ||
    typeof value.id !== 'string' ||
    typeof value.constant !== 'number' ||
    !Number.isFinite(value.constant)
  ) {
    throw new ViewpointError(`Invalid viewpoint: ${field} needs an id, a normal and a constant.`);
  }
  return {
    id: value.id,
    normal: vec3(value.normal, `${field}.normal`),
    constant: value.constant,
    enabled: value.enabled !== false,
  };
}

function box(value: unknown): SectionBoxState | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value))
    throw new ViewpointError('Invalid viewpoint: sections.box must be an object or null.');
  return {
    min: vec3(value.min, 'sections.box.min'),
    max: vec3(value.max, 'sections.box.max'),
    enabled: value.enabled !== false,
  };
}

/** Checks and normalises a viewpoint (a copy); throws ViewpointError when it is not one. */
export function parseViewpoint(input: unknown): Viewpoint {
  if (!isObject(input)) throw new ViewpointError('Invalid viewpoint: expected an object.');
  if (input.version !== VIEWPOINT_VERSION) {
    throw new ViewpointError(
      `Unsupported viewpoint version ${JSON.stringify(input.version)}; this viewer reads version ${VIEWPOINT_VERSION}.`,
    );
  }
  const camera = input.camera;
  if (!isObject(camera)) throw new ViewpointError('Invalid viewpoint: camera is missing.');
  if (camera.projection !== 'perspective' && camera.projection !== 'orthographic') {
    throw new ViewpointError(
      'Invalid viewpoint: camera.projection must be perspective or orthographic.',
    );
  }
  const sections = isObject(input.sections) ? input.sections : { planes: [], box: null };
  const planes = sections.planes ?? [];
  if (!Array.isArray(planes))
    throw new ViewpointError('Invalid viewpoint: sections.planes must be a list.');
  const visibility = isObject(input.visibility) ? input.visibility : { hidden: [], isolated: null };
  const colorsIn = input.colors ?? {};
  if (!isObject(colorsIn)) throw new ViewpointError('Invalid viewpoint: colors must be an object.');
  const colors: Record<string, number> = {};
  for (const [id, color] of Object.entries(colorsIn)) {
    if (
      !/^\d+$/.test(id) ||
      !Number.isInteger(color) ||
      (color as number) < 0 ||
      (color as number) > 0xffffff
    ) {
      throw new ViewpointError(
        `Invalid viewpoint: colors.${id} must be a 0xRRGGBB colour of an element id.`,
      );
    }
    colors[id] = color as number;
  }
  const viewpoint: Viewpoint = {
    version: 1,
    camera: {
      projection: camera.projection,
      position: vec3(camera.position, 'camera.position'),
      target: vec3(camera.target, 'camera.target'),
      up: camera.up === undefined ? [0, 1, 0] : vec3(camera.up, 'camera.up'),
    },
    sections: { planes: planes.map(plane), box: box(sections.box) },
    visibility: {
      hidden: ids(visibility.hidden ?? [], 'visibility.hidden'),
      isolated:
        visibility.isolated === null || visibility.isolated === undefined
          ? null
          : ids(visibility.isolated, 'visibility.isolated'),
    },
    selection: ids(input.selection ?? [], 'selection'),
    colors,
    xray: input.xray === true,
    edges: input.edges === true,
  };
  const fov = positive(camera.fov, 'camera.fov');
  const height = positive(camera.height, 'camera.height');
  if (fov !== undefined) viewpoint.camera.fov = fov;
  if (height !== undefined) viewpoint.camera.height = height;
  const aspect = positive(camera.aspect, 'camera.aspect');
  if (aspect !== undefined) viewpoint.camera.aspect = aspect;
  const p = viewpoint.camera.position;
  const t = viewpoint.camera.target;
  if (p[0] === t[0] && p[1] === t[1] && p[2] === t[2]) {
    throw new ViewpointError(
      'Invalid viewpoint: camera.position and camera.target are the same point.',
    );
  }
  return viewpoint;
}
