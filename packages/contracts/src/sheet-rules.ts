/**
 * The sheets' plain values, without zod: the models list tells drawings apart with them, and a
 * signed-in page's first render builds no schema (route-budget.e2e: /models loads no contracts
 * schemas).
 */

/** Kinds of file that convert into sheets rather than a 3D viewable. */
export const DRAWING_FORMATS = ['pdf', 'dxf', 'dwg'] as const;
export type DrawingFormat = (typeof DRAWING_FORMATS)[number];

/** Widest `preview.png?width=N` the server renders. */
export const SHEET_PREVIEW_MAX_WIDTH = 4096;
export const SHEET_PREVIEW_DEFAULT_WIDTH = 1024;
