import fc from 'fast-check';

/** The JSON Schema subset the OpenAPI document uses (generated from the zod contracts). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** Values for fields whose meaning the schema cannot tell (ids of the fixture's rows). */
type Hints = Record<string, unknown>;

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid') return SAMPLE_UUID;
  if (schema.format === 'email' || /email/i.test(name)) return 'someone@example.com';
  if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2030-01-01';
  if (schema.pattern === '^[0-9]{4}$') return '1234';
  if (schema.pattern === '^#[0-9a-fA-F]{6}$') return '#2563eb';
  if (schema.pattern?.startsWith('^[0-9]{6}')) return '123456';
  const text = 'Sample text';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 100;
  return text.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, text.length)));
}

/**
 * A valid value for `schema`: required properties only, each the simplest value that passes;
 * `hints` (by property name) replace it where a real id or a known text is needed.
 */
export function sampleValid(schema: JsonSchema | undefined, hints: Hints = {}, name = ''): unknown {
  if (!schema) return undefined;
  if (name && name in hints) return hints[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const first = variants.find((v) => v.type !== 'null') ?? variants[0];
    return sampleValid(first, hints, name);
  }
  if (schema.allOf)
    return sampleValid(Object.assign({}, ...schema.allOf) as JsonSchema, hints, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      // Required properties; with none required (a patch), the first one: an empty patch is 400.
      const first = Object.keys(schema.properties ?? {})[0];
      const keys = schema.required?.length ? schema.required : first ? [first] : [];
      for (const key of keys) {
        value[key] = sampleValid(schema.properties?.[key], hints, key);
      }
      return value;
    }
    case 'array': {
      const n = schema.minItems ?? 0;
      return Array.from({ length: Math.max(n, name in hints ? 0 : n) }, () =>
        sampleValid(schema.items, hints, `${name}[]`),
      );
    }
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.default ?? null;
  }
}

/** Strings an attacker sends: huge, NUL-carrying, control characters, odd Unicode, injections. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'abc\u0000def',
    'x'.repeat(100_000),
    '\u0000'.repeat(500),
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00%2e%2e%2f',
    '\uD800',
    '\uFEFF\u202E',
    '{"$ne":null}',
    '0000-00-00T00:00:00Z',
    '-1',
    'NaN',
    ' ',
    '',
  ),
);

/** Any JSON value, shallow, with hostile strings and extreme numbers. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** Which property of an object a mutation touches (one of the schema's, or an extra one). */
function propertyNames(schema: JsonSchema | undefined): string[] {
  return Object.keys(schema?.properties ?? {});
}

/**
 * A body derived from the valid sample by one of the mutations a fuzzer applies: a field of the
 * wrong type, a required field missing, an extra field, a hostile string in a text field, or a
 * body that is not an object at all.
 */
export function mutatedBody(
  schema: JsonSchema | undefined,
  valid: unknown,
): fc.Arbitrary<{ kind: string; body: unknown }> {
  const base =
    typeof valid === 'object' && valid !== null && !Array.isArray(valid)
      ? (valid as Record<string, unknown>)
      : {};
  const names = [...new Set([...propertyNames(schema), ...Object.keys(base)])];
  const field = names.length ? fc.constantFrom(...names) : fc.constant('name');
  return fc.oneof(
    fc
      .tuple(field, anyJson)
      .map(([key, value]) => ({ kind: `wrong type of ${key}`, body: { ...base, [key]: value } })),
    fc.tuple(field, hostileString).map(([key, value]) => ({
      kind: `hostile string in ${key}`,
      body: { ...base, [key]: value },
    })),
    field.map((key) => {
      const body = { ...base };
      delete body[key];
      return { kind: `missing ${key}`, body };
    }),
    fc.tuple(hostileString, anyJson).map(([key, value]) => ({
      kind: 'extra field',
      body: { ...base, [key || 'extra']: value },
    })),
    anyJson.map((body) => ({ kind: 'not an object', body })),
  );
}

/** A query string or path segment value: hostile strings and wrong types as text. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  hostileString,
  fc.constantFrom('-1', '1e999', 'true', '[]', '%', '%zz', '00000000-0000-0000-0000-000000000000'),
);
