import { sql, type Kysely } from 'kysely';

/**
 * The element index per model version (issue 18): every row of `elements`,
 * `element_properties` and `element_index_state` belongs to one version (`version_id`) as well
 * as to its model (`model_id`, kept: results name the model). Queries read the current version
 * of each model; the rows of other versions stay for comparing versions. Existing rows belong
 * to version 1, whose id is the model's (0023). The per-model indexes become per-version ones.
 */
const upStatements = [
  `ALTER TABLE element_index_state ADD COLUMN version_id uuid`,
  `UPDATE element_index_state SET version_id = model_id`,
  `ALTER TABLE element_index_state
     ALTER COLUMN version_id SET NOT NULL,
     DROP CONSTRAINT element_index_state_pkey,
     ADD PRIMARY KEY (version_id),
     ADD FOREIGN KEY (version_id) REFERENCES model_versions (id) ON DELETE CASCADE`,
  `CREATE INDEX element_index_state_model_idx ON element_index_state (model_id)`,

  `ALTER TABLE elements ADD COLUMN version_id uuid`,
  `UPDATE elements SET version_id = model_id`,
  `DROP INDEX elements_type_idx`,
  `DROP INDEX elements_name_idx`,
  `DROP INDEX elements_storey_idx`,
  `ALTER TABLE elements
     ALTER COLUMN version_id SET NOT NULL,
     DROP CONSTRAINT elements_pkey,
     ADD PRIMARY KEY (version_id, element_id),
     ADD FOREIGN KEY (version_id) REFERENCES model_versions (id) ON DELETE CASCADE`,
  `CREATE INDEX elements_type_idx ON elements (version_id, lower(type)) INCLUDE (element_id, type)`,
  `CREATE INDEX elements_name_idx ON elements (version_id, lower(name))`,
  `CREATE INDEX elements_storey_idx ON elements (version_id, lower(storey))`,
  `CREATE INDEX elements_guid_idx ON elements (version_id, guid)`,
  `CREATE INDEX elements_model_idx ON elements (model_id)`,

  `ALTER TABLE element_properties ADD COLUMN version_id uuid`,
  `UPDATE element_properties SET version_id = model_id`,
  `DROP INDEX element_properties_value_idx`,
  `DROP INDEX element_properties_num_idx`,
  `DROP INDEX element_properties_element_idx`,
  `ALTER TABLE element_properties
     ALTER COLUMN version_id SET NOT NULL,
     ADD FOREIGN KEY (version_id) REFERENCES model_versions (id) ON DELETE CASCADE`,
  `CREATE INDEX element_properties_value_idx
     ON element_properties (version_id, pset, name, value) INCLUDE (element_id)`,
  `CREATE INDEX element_properties_num_idx
     ON element_properties (version_id, pset, name, num) INCLUDE (element_id) WHERE num IS NOT NULL`,
  `CREATE INDEX element_properties_element_idx ON element_properties (version_id, element_id)`,
  `CREATE INDEX element_properties_model_idx ON element_properties (model_id)`,
];

/** Back to one index per model: only the rows of each model's current version are kept. */
const downStatements = [
  `DELETE FROM element_properties p USING models m
     WHERE m.id = p.model_id AND m.current_version_id IS DISTINCT FROM p.version_id`,
  `DELETE FROM elements e USING models m
     WHERE m.id = e.model_id AND m.current_version_id IS DISTINCT FROM e.version_id`,
  `DELETE FROM element_index_state s USING models m
     WHERE m.id = s.model_id AND m.current_version_id IS DISTINCT FROM s.version_id`,
  `DROP INDEX element_properties_model_idx`,
  `DROP INDEX element_properties_element_idx`,
  `DROP INDEX element_properties_num_idx`,
  `DROP INDEX element_properties_value_idx`,
  `ALTER TABLE element_properties DROP COLUMN version_id`,
  `CREATE INDEX element_properties_value_idx
     ON element_properties (model_id, pset, name, value) INCLUDE (element_id)`,
  `CREATE INDEX element_properties_num_idx
     ON element_properties (model_id, pset, name, num) INCLUDE (element_id) WHERE num IS NOT NULL`,
  `CREATE INDEX element_properties_element_idx ON element_properties (model_id, element_id)`,
  `DROP INDEX elements_model_idx`,
  `DROP INDEX elements_guid_idx`,
  `DROP INDEX elements_storey_idx`,
  `DROP INDEX elements_name_idx`,
  `DROP INDEX elements_type_idx`,
  `ALTER TABLE elements DROP COLUMN version_id`,
  `ALTER TABLE elements ADD PRIMARY KEY (model_id, element_id)`,
  `CREATE INDEX elements_type_idx ON elements (model_id, lower(type)) INCLUDE (element_id, type)`,
  `CREATE INDEX elements_name_idx ON elements (model_id, lower(name))`,
  `CREATE INDEX elements_storey_idx ON elements (model_id, lower(storey))`,
  `DROP INDEX element_index_state_model_idx`,
  `ALTER TABLE element_index_state DROP COLUMN version_id`,
  `ALTER TABLE element_index_state ADD PRIMARY KEY (model_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
