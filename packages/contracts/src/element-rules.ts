/**
 * The property queries' plain values, without zod (elements.ts has the schemas): the model page's
 * query editor shows them, and its first render builds no schema.
 */

export const ELEMENT_QUERY_OPS = ['=', '!=', 'contains', '<', '>', 'exists'] as const;
export type ElementQueryOp = (typeof ELEMENT_QUERY_OPS)[number];

/** Groups nested in groups: `{all: [{any: [...]}]}` is depth 2. */
export const ELEMENT_QUERY_MAX_DEPTH = 4;

/** The fields every element has; anything else is `Pset.Property`. */
export const ELEMENT_FIELDS = ['type', 'name', 'storey'] as const;
