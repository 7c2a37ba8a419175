/**
 * The answer key of the query tests, read straight from the IFC file with web-ifc (not through
 * the converter or the index): elements of the given classes with their name, storey, IFC
 * attributes and property values (an occurrence's own values over its type's).
 */
import { readFileSync } from 'node:fs';
import * as WebIFC from 'web-ifc';

export interface ReferenceElement {
  guid: string;
  name: string | null;
  storey: string | null;
  /** `set.property` in lower case -> value (attributes as `attributes.<name>`). */
  values: Map<string, unknown>;
}

type Line = Record<string, { value?: unknown } | null | undefined> & Record<string, unknown>;

const valueOf = (field: unknown) =>
  field && typeof field === 'object' && 'value' in field
    ? (field as { value: unknown }).value
    : null;

function addSets(values: Map<string, unknown>, sets: Line[], override: boolean) {
  for (const set of sets) {
    const setName = String(valueOf(set.Name) ?? '').toLowerCase();
    for (const property of (set.HasProperties as Line[] | null) ?? []) {
      const key = `${setName}.${String(valueOf(property.Name)).toLowerCase()}`;
      if (!override && values.has(key)) continue;
      values.set(key, valueOf(property.NominalValue));
    }
  }
}

export async function readReference(
  file: string,
  classes: number[],
  attributes: string[] = [],
): Promise<ReferenceElement[]> {
  const api = new WebIFC.IfcAPI();
  await api.Init();
  const model = api.OpenModel(new Uint8Array(readFileSync(file)));
  try {
    const storeyOf = new Map<number, string | null>();
    const rels = api.GetLineIDsWithType(model, WebIFC.IFCRELCONTAINEDINSPATIALSTRUCTURE);
    for (let i = 0; i < rels.size(); i++) {
      const rel = api.GetLine(model, rels.get(i)) as Line;
      const structure = api.GetLine(model, valueOf(rel.RelatingStructure) as number) as Line;
      if (api.GetLineType(model, structure.expressID as number) !== WebIFC.IFCBUILDINGSTOREY) {
        continue;
      }
      for (const element of rel.RelatedElements as { value: number }[]) {
        storeyOf.set(element.value, (valueOf(structure.Name) as string | null) ?? null);
      }
    }
    const result: ReferenceElement[] = [];
    for (const type of classes) {
      const ids = api.GetLineIDsWithType(model, type);
      for (let i = 0; i < ids.size(); i++) {
        const id = ids.get(i);
        const line = api.GetLine(model, id) as Line;
        const values = new Map<string, unknown>();
        addSets(values, (await api.properties.getPropertySets(model, id, true)) as Line[], true);
        for (const typeObject of (await api.properties.getTypeProperties(
          model,
          id,
          true,
        )) as Line[]) {
          addSets(values, (typeObject.HasPropertySets as Line[] | null) ?? [], false);
        }
        for (const attribute of attributes) {
          const value = valueOf(line[attribute]);
          if (value !== null && value !== undefined) {
            values.set(`attributes.${attribute.toLowerCase()}`, value);
          }
        }
        result.push({
          guid: String(valueOf(line.GlobalId)),
          name: (valueOf(line.Name) as string | null) ?? null,
          storey: storeyOf.get(id) ?? null,
          values,
        });
      }
    }
    return result;
  } finally {
    api.CloseModel(model);
    api.Dispose();
  }
}
