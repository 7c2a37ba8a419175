import { sql, type Kysely } from 'kysely';

/**
 * Property queries (issue 18): the element index and saved queries.
 *
 * `elements` holds one row per element of a model's current viewable (its id in the viewable,
 * GlobalId or path, IFC class, name, storey); `element_properties` one row per property of an
 * element (set and property names and the value's text in lower case, so matching without regard
 * to case reads the index alone; IFC attributes under the set `attributes`; the value also as a
 * number when it is one, for < and >). Texts are kept up to 500
 * characters, so every value fits a btree index. `element_index_state` says which metadata
 * (by hash) a model's rows were made from: a model whose hash differs is indexed again.
 * Every row goes with its model (ON DELETE CASCADE); trash and moves are read from `models`.
 */
const upStatements = [
  `CREATE TABLE element_index_state (
    model_id uuid PRIMARY KEY REFERENCES models (id) ON DELETE CASCADE,
    metadata_hash text NOT NULL,
    elements integer NOT NULL,
    properties integer NOT NULL,
    indexed_at timestamptz NOT NULL
  )`,
  `CREATE TABLE elements (
    model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
    element_id integer NOT NULL,
    guid text NOT NULL,
    type text NOT NULL,
    name text,
    storey text,
    PRIMARY KEY (model_id, element_id)
  )`,
  // INCLUDE (element_id): queries read matching ids from the index alone (index-only scans).
  `CREATE INDEX elements_type_idx ON elements (model_id, lower(type)) INCLUDE (element_id)`,
  `CREATE INDEX elements_name_idx ON elements (model_id, lower(name))`,
  `CREATE INDEX elements_storey_idx ON elements (model_id, lower(storey))`,
  `CREATE TABLE element_properties (
    model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
    element_id integer NOT NULL,
    pset text NOT NULL,
    name text NOT NULL,
    value text,
    num double precision
  )`,
  `CREATE INDEX element_properties_value_idx
    ON element_properties (model_id, pset, name, value) INCLUDE (element_id)`,
  `CREATE INDEX element_properties_num_idx
    ON element_properties (model_id, pset, name, num) INCLUDE (element_id) WHERE num IS NOT NULL`,
  `CREATE INDEX element_properties_element_idx ON element_properties (model_id, element_id)`,
  `CREATE TABLE saved_queries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    seq bigint GENERATED ALWAYS AS IDENTITY,
    project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name text NOT NULL,
    query jsonb NOT NULL,
    models jsonb,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`,
  `CREATE INDEX saved_queries_project_idx ON saved_queries (project_id, seq)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['saved_queries', 'element_properties', 'elements', 'element_index_state']) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
}
