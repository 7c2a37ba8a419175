import { z } from 'zod';
import { ELEMENT_FIELDS, ELEMENT_QUERY_MAX_DEPTH, ELEMENT_QUERY_OPS } from './element-rules.ts';

/**
 * Property queries: find the elements of a project's models by IFC class, name, storey and
 * property values (`POST /api/project/{id}/elements/query`), export the result (CSV, XLSX), and
 * keep named queries per project for its members (`/api/project/{id}/queries`).
 *
 * A `where` is a group, `{all: [...]}` (AND) or `{any: [...]}` (OR), of conditions and groups.
 * A condition is `{field, op, value}`: `field` is `type`, `name`, `storey` or `Pset.Property`
 * (the property set's name, a dot, the property's name: `Pset_DoorCommon.FireRating`; the IFC
 * attributes of an element, such as OverallHeight, are the set `Attributes`). Names of fields,
 * classes and text values match without regard to case; `type` also finds subclasses (IfcWall
 * finds IfcWallStandardCase). `!=` is the negation of `=` (an element without the property is
 * "not equal"); `<` and `>` compare numbers and need a numeric property and value.
 */

/** Conditions in one query, every group counted. */
export const ELEMENT_QUERY_MAX_CONDITIONS = 50;
/** Longest text value of a condition (stored values are indexed up to this length too). */
const ELEMENT_QUERY_VALUE_MAX = 500;
export const ELEMENT_QUERY_LIMIT_DEFAULT = 500;
const ELEMENT_QUERY_LIMIT_MAX = 10_000;
/** Rows one export holds at most. */
export const ELEMENT_EXPORT_MAX_ROWS = 100_000;
const SAVED_QUERY_NAME_MAX = 120;
export const SAVED_QUERIES_PER_PROJECT = 200;

const elementFieldSchema = z
  .string({ error: 'validation.invalid' })
  .max(300, { error: 'validation.invalid' })
  .refine(
    (field) =>
      !field.includes('\u0000') &&
      ((ELEMENT_FIELDS as readonly string[]).includes(field) || /^[^.]+\..+$/s.test(field)),
    { error: 'validation.invalid' },
  );

const elementConditionSchema = z
  .object({
    field: elementFieldSchema,
    op: z.enum(ELEMENT_QUERY_OPS, { error: 'validation.invalid' }),
    /** Not used by `exists`; a number for `<` and `>`. */
    value: z
      .union([
        z
          .string()
          .max(ELEMENT_QUERY_VALUE_MAX, { error: 'validation.invalid' })
          .refine((value) => !value.includes('\u0000'), { error: 'validation.invalid' }),
        z.number().finite(),
        z.boolean(),
      ])
      .optional(),
  })
  .strict();
export type ElementCondition = z.infer<typeof elementConditionSchema>;

export type ElementWhere =
  { all: (ElementCondition | ElementWhere)[] } | { any: (ElementCondition | ElementWhere)[] };

/**
 * A group nested deeper than ELEMENT_QUERY_MAX_DEPTH: let through by the schema so the service
 * answers it with its own code (QUERY_TOO_DEEP) instead of a bare validation error.
 */
const deeperGroup = z.union([
  z.object({ all: z.array(z.unknown()) }).strict(),
  z.object({ any: z.array(z.unknown()) }).strict(),
]);

function group(item: z.ZodType) {
  const items = z.array(item).max(ELEMENT_QUERY_MAX_CONDITIONS, {
    error: 'validation.invalid',
  });
  return z.union([z.object({ all: items }).strict(), z.object({ any: items }).strict()]);
}

// Unrolled rather than recursive: the OpenAPI document stays without cycles and validating a
// hostile body never recurses deeper than this.
let level: z.ZodType = group(z.union([elementConditionSchema, deeperGroup]));
for (let depth = 1; depth < ELEMENT_QUERY_MAX_DEPTH; depth++) {
  level = group(z.union([elementConditionSchema, level]));
}
const elementWhereSchema = level as z.ZodType<ElementWhere>;

const modelIdsSchema = z
  .array(z.uuid({ error: 'validation.invalid' }))
  .max(100, { error: 'validation.invalid' });

export const elementQueryBodySchema = z.object({
  where: elementWhereSchema,
  /** Only these models of the project; default every model. */
  models: modelIdsSchema.optional(),
  limit: z.number().int().min(1).max(ELEMENT_QUERY_LIMIT_MAX).default(ELEMENT_QUERY_LIMIT_DEFAULT),
  offset: z.number().int().min(0).max(10_000_000).default(0),
});

const queryElementSchema = z.object({
  modelId: z.uuid(),
  /** The element's id in the model's viewable (its row in the metadata, picked in the viewer). */
  elementId: z.number().int(),
  /** IFC GlobalId; for formats without ids, the element's path of names in the model tree. */
  guid: z.string(),
  type: z.string(),
  name: z.string().nullable(),
  storey: z.string().nullable(),
});

export const elementQueryResultSchema = z.object({
  /** Every matching element, not only this page. */
  count: z.number().int(),
  /** Matching elements per model (models without any are left out). */
  byModel: z.array(z.object({ modelId: z.uuid(), count: z.number().int() })),
  /** One page, ordered by model and element id. */
  elements: z.array(queryElementSchema),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ElementQueryResult = z.infer<typeof elementQueryResultSchema>;

const ELEMENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ElementExportFormat = (typeof ELEMENT_EXPORT_FORMATS)[number];

export const elementExportBodySchema = z.object({
  where: elementWhereSchema,
  models: modelIdsSchema.optional(),
  format: z.enum(ELEMENT_EXPORT_FORMATS, { error: 'validation.invalid' }),
});
export type ElementExportBody = z.infer<typeof elementExportBodySchema>;

const savedQueryName = z
  .string({ error: 'validation.invalid' })
  .max(SAVED_QUERY_NAME_MAX, { error: 'validation.textTooLong' })
  .refine((value) => !value.includes('\u0000'), { error: 'validation.invalid' })
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, { error: 'validation.invalid' });

export const savedQuerySchema = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  name: z.string(),
  where: elementWhereSchema,
  /** The models it was saved for; null: every model of the project. */
  models: z.array(z.uuid()).nullable(),
  created_by: z.uuid().nullable(),
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;
export const savedQueryListSchema = z.array(savedQuerySchema);

export const createSavedQueryBodySchema = z.object({
  name: savedQueryName,
  where: elementWhereSchema,
  models: modelIdsSchema.nullable().optional(),
});
export type CreateSavedQueryBody = z.infer<typeof createSavedQueryBodySchema>;

export const updateSavedQueryBodySchema = z
  .object({
    name: savedQueryName.optional(),
    where: elementWhereSchema.optional(),
    models: modelIdsSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'validation.nothingToUpdate',
  });
export type UpdateSavedQueryBody = z.infer<typeof updateSavedQueryBodySchema>;

export const savedQueryParamsSchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  queryId: z.uuid({ error: 'validation.invalid' }),
});
