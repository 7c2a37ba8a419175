/**
 * The saved views' plain values, without zod (saved-views.ts has the schemas): the model page's
 * toolbar uses them in its first render, which builds no schema.
 */

/** The encoded view (a model with many hidden or coloured elements makes it long). */
export const SAVED_VIEW_STATE_MAX = 1_000_000;
