/**
 * An IFC's entities read straight from the STEP lines (step.ts) by attribute name. The attribute
 * positions come from web-ifc's schema (the attribute names of one parsed instance per entity
 * type), so every IFC version web-ifc knows is read the same way.
 */
import type * as WebIFC from 'web-ifc';
import { StepEnum, StepRef, StepTyped, type StepFile, type StepValue } from './step.ts';

export class IfcLines {
  private readonly fieldsByType = new Map<string, Map<string, number> | null>();
  private readonly nameByType = new Map<string, string>();

  /** web-ifc, for the schema's attribute names; null once detached (detach). */
  private api: WebIFC.IfcAPI | null;

  constructor(
    readonly step: StepFile,
    api: WebIFC.IfcAPI,
    private readonly modelId: number,
  ) {
    this.api = api;
  }

  /**
   * Reads what web-ifc tells of every type in the file (attribute names, type name), then lets
   * go of it: the model can be closed and web-ifc's memory (twice the file at 200,000 elements)
   * released before the properties are read and the viewable is written.
   */
  detach(): void {
    this.step.typeNames.forEach((type) => {
      this.fields(type);
      this.typeNameOf(type);
    });
    this.api = null;
  }

  /** Attribute `name` of entity `id`; undefined when its type has no such attribute. */
  get(id: number, name: string): StepValue | undefined {
    const type = this.step.typeOf(id);
    if (type === null) return undefined;
    const index = this.fields(type)?.get(name);
    if (index === undefined) return undefined;
    const args = this.step.args(id);
    return args ? (args[index] ?? null) : undefined;
  }

  /** The attribute names of the entity's type, in schema order (none when unknown). */
  fieldNames(id: number): string[] {
    const type = this.step.typeOf(id);
    const fields = type === null ? null : this.fields(type);
    return fields ? [...fields.keys()] : [];
  }

  /** True when the entity's type has the attribute (even if the value is `$`). */
  hasField(id: number, name: string): boolean {
    const type = this.step.typeOf(id);
    return type !== null && this.fields(type)?.has(name) === true;
  }

  private fields(type: string): Map<string, number> | null {
    let fields = this.fieldsByType.get(type);
    if (fields !== undefined) return fields;
    fields = null;
    const first = this.step.firstOfType(type);
    if (first !== null && this.api) {
      try {
        // web-ifc's line objects list the attributes in schema order after expressID and type,
        // and it maps a line's arguments to them by position: so do we (files with missing or
        // extra arguments then read as they do in web-ifc).
        const line = this.api.GetLine(this.modelId, first, false) as Record<string, unknown>;
        const names = Object.keys(line).filter((key) => key !== 'expressID' && key !== 'type');
        fields = new Map(names.map((name, index) => [name, index]));
      } catch (_error) {
        fields = null;
      }
    }
    this.fieldsByType.set(type, fields);
    return fields;
  }

  /** `IfcWallStandardCase` for an entity whose STEP type is IFCWALLSTANDARDCASE. */
  typeName(id: number): string | null {
    const upper = this.step.typeOf(id);
    return upper === null ? null : this.typeNameOf(upper);
  }

  private typeNameOf(upper: string): string {
    let name = this.nameByType.get(upper);
    if (name === undefined) {
      try {
        name = this.api?.GetNameFromTypeCode(this.api.GetTypeCodeFromName(upper)) || upper;
      } catch (_error) {
        name = upper;
      }
      this.nameByType.set(upper, name);
    }
    return name;
  }
}

/** A value as text: a string, a number or an enumeration's name; null for references and lists. */
export function text(value: StepValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof StepTyped) return text(value.value);
  if (value instanceof StepEnum) return value.value;
  if (value instanceof StepRef || Array.isArray(value)) return null;
  return String(value);
}

/** The entity ids a reference or a list of references points at. */
export function refs(value: StepValue | undefined): number[] {
  if (value instanceof StepRef) return [value.id];
  if (!Array.isArray(value)) return [];
  const result: number[] = [];
  for (const item of value) if (item instanceof StepRef) result.push(item.id);
  return result;
}
