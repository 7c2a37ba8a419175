import { z } from 'zod';

/**
 * Comparing two versions of a model (`GET /api/models/{id}/diff?from={versionId}&to={versionId}`).
 * Elements are matched by IFC GlobalId (by their path of names in the tree for formats without
 * ids). `added` are in `to` only, `removed` in `from` only; `changed` are in both and differ in
 * geometry (a stable hash of the element's triangles in world coordinates, snapped to 1 mm, so a
 * moved element has changed) or in properties (property sets, quantities and IFC attributes,
 * Name and the IFC class included). Lists are sorted by id.
 */

const propertyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const propertyChangeSchema = z.object({
  /** The property set's name; IFC attributes (Name, OverallHeight, ...) are the set `Attributes`. */
  set: z.string(),
  name: z.string(),
  /** null: the property is not there in that version (or has no value). */
  from: propertyValueSchema,
  to: propertyValueSchema,
});
export type PropertyChange = z.infer<typeof propertyChangeSchema>;

const changedElementSchema = z.object({
  guid: z.string(),
  /** True when the element's triangles differ (moved, reshaped). */
  geometry: z.boolean(),
  properties: z.array(propertyChangeSchema),
});
export type ChangedElement = z.infer<typeof changedElementSchema>;

export const modelDiffSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(changedElementSchema),
});
export type ModelDiff = z.infer<typeof modelDiffSchema>;

/** The set IFC attributes are listed under in a property change. */
export const DIFF_ATTRIBUTES_SET = 'Attributes';

export const modelDiffQuerySchema = z.object({
  /** The older version (its elements missing from `to` are `removed`). */
  from: z.uuid({ error: 'validation.invalid' }),
  to: z.uuid({ error: 'validation.invalid' }),
});
