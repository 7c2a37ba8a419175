import { z } from 'zod';

/**
 * Markup: red-lines drawn on a topic's view, kept as vectors (editable until the topic closes,
 * drawn into the snapshot a BCF export carries). One markup lives in one space:
 * - on a sheet (`sheetId` set): coordinates, line widths and text sizes in the sheet's units,
 *   y up like the sheet, so it pans and zooms with the drawing;
 * - on the 3D view (`sheetId` null): x and y in 0..1 of the view's frame (x right, y down), line
 *   widths and text sizes in fractions of the frame's width. `aspect` (width / height of the
 *   view it was drawn on, as the viewpoint's camera) keeps its shape: on a screen or a snapshot of
 *   another aspect the frame is fitted inside, centred (a circle stays a circle). Markup saved
 *   before `aspect` was kept has none and fills the whole view.
 * Points are `[x, y]` pairs. Bounds answer 400 VALIDATION_ERROR with a field message key
 * (`validation.markupTooManyShapes`, `…TooManyPoints`, `…TextTooLong`).
 */

export const MARKUP_SHAPES_MAX = 200;
/** Points of one freehand stroke, and of all strokes of one markup together. */
export const MARKUP_STROKE_POINTS_MAX = 2_000;
export const MARKUP_POINTS_MAX = 20_000;
export const MARKUP_TEXT_MAX = 500;
/** Largest coordinate magnitude (model space in millimetres stays well inside). */
const COORDINATE_MAX = 1e9;

export const MARKUP_SHAPE_TYPES = [
  'arrow',
  'cloud',
  'rectangle',
  'ellipse',
  'text',
  'freehand',
] as const;
export type MarkupShapeType = (typeof MARKUP_SHAPE_TYPES)[number];

const coordinate = z
  .number({ error: 'validation.invalid' })
  .min(-COORDINATE_MAX)
  .max(COORDINATE_MAX);
const pointSchema = z.tuple([coordinate, coordinate]);
export type MarkupPoint = z.infer<typeof pointSchema>;

/** `#rrggbb`. */
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colorInvalid' });
const lengthSchema = z.number({ error: 'validation.invalid' }).positive().max(COORDINATE_MAX);

const stroke = { color: colorSchema, lineWidth: lengthSchema };
/** Two-point shapes: an arrow from its tail to its head; a box's (cloud, rectangle, ellipse) corners. */
const twoPoints = { from: pointSchema, to: pointSchema };

const arrowSchema = z.object({ type: z.literal('arrow'), ...twoPoints, ...stroke });
const cloudSchema = z.object({ type: z.literal('cloud'), ...twoPoints, ...stroke });
const rectangleSchema = z.object({ type: z.literal('rectangle'), ...twoPoints, ...stroke });
const ellipseSchema = z.object({ type: z.literal('ellipse'), ...twoPoints, ...stroke });
const textSchema = z.object({
  type: z.literal('text'),
  /** The text's top-left corner: its lines hang below it as seen on screen. */
  at: pointSchema,
  text: z
    .string({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(MARKUP_TEXT_MAX, { error: 'validation.markupTextTooLong' })
    .refine((value) => !value.includes('\u0000'), { error: 'validation.invalid' }),
  /** Height of a line of text. */
  size: lengthSchema,
  ...stroke,
});
const freehandSchema = z.object({
  type: z.literal('freehand'),
  points: z
    .array(pointSchema)
    .min(2, { error: 'validation.invalid' })
    .max(MARKUP_STROKE_POINTS_MAX, { error: 'validation.markupTooManyPoints' }),
  ...stroke,
});

export const markupShapeSchema = z.discriminatedUnion(
  'type',
  [arrowSchema, cloudSchema, rectangleSchema, ellipseSchema, textSchema, freehandSchema],
  { error: 'validation.invalid' },
);
export type MarkupShape = z.infer<typeof markupShapeSchema>;

/** A sheet's id, as in the sheets API. */
export const sheetIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_$-]{1,64}$/, { error: 'validation.invalid' });

/** Width / height of the view a 3D markup was drawn on. */
export const markupAspectSchema = z.number({ error: 'validation.invalid' }).min(0.05).max(20);

export const markupSchema = z.object({
  /**
   * The sheet it is drawn on; null (or left out in a body): the 3D view, unless the topic's pin
   * is on a sheet (then that sheet).
   */
  sheetId: sheetIdSchema.nullable().optional(),
  shapes: z
    .array(markupShapeSchema)
    .max(MARKUP_SHAPES_MAX, { error: 'validation.markupTooManyShapes' })
    .refine(
      (shapes) =>
        shapes.reduce((n, s) => n + (s.type === 'freehand' ? s.points.length : 2), 0) <=
        MARKUP_POINTS_MAX,
      { error: 'validation.markupTooManyPoints' },
    ),
  /** 3D markup: the aspect of the view it was drawn on (ignored on a sheet). */
  aspect: markupAspectSchema.optional(),
});
export type MarkupInput = z.infer<typeof markupSchema>;

/** A topic's markup as read: its space resolved (`sheet_id` null: the 3D view). */
export const topicMarkupSchema = z
  .object({
    sheet_id: z.string().nullable(),
    shapes: z.array(markupShapeSchema),
    /** 3D markup: width / height of the view it was drawn on; null: a sheet's, or not kept. */
    aspect: z.number().nullable(),
  })
  .meta({ id: 'TopicMarkup' });
export type TopicMarkup = z.infer<typeof topicMarkupSchema>;

/** A pin on a sheet: the point in the sheet's units (y up). */
export const sheetPinSchema = z.object({
  sheetId: sheetIdSchema,
  x: coordinate,
  y: coordinate,
});
export type SheetPin = z.infer<typeof sheetPinSchema>;
