import { z } from 'zod';

/**
 * Viewpoints: what a topic's view of the model holds (BCF visinfo: camera, components,
 * visibility, colouring, section planes, lines, bitmaps), as stored, as listed and as sent.
 * Like BCF, the inner objects use camelCase.
 */

/** Components listed in one viewpoint (selection + exceptions + coloured). */
const VIEWPOINT_COMPONENTS_MAX = 100_000;
/** A snapshot PNG/JPEG, base64 in the create body, bytes in the database. */
export const SNAPSHOT_MAX_BYTES = 2 * 1024 * 1024;

export const vector3Schema = z.object({ x: z.number(), y: z.number(), z: z.number() });
export type Vector3 = z.infer<typeof vector3Schema>;

const cameraSchema = z.object({
  type: z.enum(['perspective', 'orthographic']),
  position: vector3Schema,
  direction: vector3Schema,
  up: vector3Schema,
  /** Perspective: vertical field of view in degrees. */
  fieldOfView: z.number().optional(),
  /** Orthographic: view-to-world scale (BCF: the visible height in metres). */
  viewToWorldScale: z.number().optional(),
  aspectRatio: z.number().positive().optional(),
});
export type Camera = z.infer<typeof cameraSchema>;

/** An element referenced by IFC GlobalId (and/or the authoring tool's own id). */
export const componentSchema = z.object({
  ifcGuid: z.string().max(64).optional(),
  originatingSystem: z.string().max(255).optional(),
  authoringToolId: z.string().max(255).optional(),
});
export type Component = z.infer<typeof componentSchema>;

const visibilitySchema = z.object({
  defaultVisibility: z.boolean(),
  exceptions: z.array(componentSchema),
  spacesVisible: z.boolean().optional(),
  spaceBoundariesVisible: z.boolean().optional(),
  openingsVisible: z.boolean().optional(),
});
export type Visibility = z.infer<typeof visibilitySchema>;

const coloringSchema = z.object({
  /** ARGB or RGB hex as BCF writes it (`FF00FF00`, `00FF00`). */
  color: z.string().regex(/^([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/),
  components: z.array(componentSchema),
});
const clippingPlaneSchema = z.object({ location: vector3Schema, direction: vector3Schema });
export type ClippingPlane = z.infer<typeof clippingPlaneSchema>;
const lineSchema = z.object({ start: vector3Schema, end: vector3Schema });
const bitmapSchema = z.object({
  format: z.enum(['png', 'jpg']),
  reference: z.string(),
  location: vector3Schema,
  normal: vector3Schema,
  up: vector3Schema,
  height: z.number(),
});

/** What a viewpoint holds (BCF visinfo), as stored and as sent. */
const viewStateSchema = z.object({
  camera: cameraSchema.nullable(),
  clippingPlanes: z.array(clippingPlaneSchema).max(64),
  lines: z.array(lineSchema).max(1000),
  bitmaps: z.array(bitmapSchema).max(16),
  selection: z.array(componentSchema),
  visibility: visibilitySchema,
  coloring: z.array(coloringSchema).max(256),
});
export type ViewState = z.infer<typeof viewStateSchema>;

export const viewpointSchema = viewStateSchema.extend({
  id: z.uuid(),
  guid: z.string(),
  index: z.number().int(),
  snapshot_type: z.enum(['png', 'jpg']).nullable(),
  /** API path of the snapshot image, or null when the viewpoint has none. */
  snapshot_url: z.string().nullable(),
  /**
   * The model version it was taken on (null: unknown, or the version was deleted). Elements are
   * referenced by IFC GlobalId, so it opens on later versions too.
   */
  model_version_id: z.uuid().nullable(),
});
export type Viewpoint = z.infer<typeof viewpointSchema>;

/**
 * A viewpoint as topics (list, detail) carry it: what lists it and shows its thumbnail, camera
 * and section planes, and how many components it names. Its components (up to 100,000) come
 * from `GET /api/topics/{id}/viewpoints/{viewpointId}` when it is opened.
 */
export const viewpointSummarySchema = z.object({
  id: z.uuid(),
  guid: z.string(),
  index: z.number().int(),
  camera: cameraSchema.nullable(),
  clippingPlanes: z.array(clippingPlaneSchema),
  /** Components selected, listed as exceptions to the default visibility, coloured. */
  counts: z.object({
    selection: z.number().int(),
    exceptions: z.number().int(),
    colored: z.number().int(),
    lines: z.number().int(),
    bitmaps: z.number().int(),
  }),
  defaultVisibility: z.boolean(),
  snapshot_type: z.enum(['png', 'jpg']).nullable(),
  snapshot_url: z.string().nullable(),
  model_version_id: z.uuid().nullable(),
});
export type ViewpointSummary = z.infer<typeof viewpointSummarySchema>;

export const viewpointInputSchema = viewStateSchema
  .extend({
    /** PNG (or JPEG) of the view, base64; at most SNAPSHOT_MAX_BYTES once decoded. */
    snapshotBase64: z
      .string()
      .max(Math.ceil((SNAPSHOT_MAX_BYTES * 4) / 3) + 4)
      .optional(),
  })
  .refine(
    (vp) =>
      vp.selection.length +
        vp.visibility.exceptions.length +
        vp.coloring.reduce((n, c) => n + c.components.length, 0) <=
      VIEWPOINT_COMPONENTS_MAX,
    { error: 'validation.invalid' },
  );
export type ViewpointInput = z.infer<typeof viewpointInputSchema>;
