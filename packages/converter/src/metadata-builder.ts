/**
 * Builds the metadata's shared tables while importing: strings, distinct properties and distinct
 * property sets are interned as they are read, so a model whose thousand walls carry the same
 * Pset_WallCommon stores it once, and no per-element object graph is ever built.
 */
import {
  PROPERTY_SET_KINDS,
  type ModelPropertyRow,
  type ModelPropertySetKind,
  type ModelPropertyTable,
  type ModelPropertyValue,
} from '@truss/viewable';

export class StringTable {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  add(value: string): number {
    let index = this.index.get(value);
    if (index === undefined) {
      index = this.strings.length;
      this.strings.push(value);
      this.index.set(value, index);
    }
    return index;
  }

  /** -1 for null. */
  optional(value: string | null | undefined): number {
    return value === null || value === undefined ? -1 : this.add(value);
  }
}

export class PropertyTableBuilder {
  private readonly values: ModelPropertyRow[] = [];
  private valueIndex = new Map<string, number>();
  private readonly sets: number[][] = [];
  private setIndex = new Map<string, number>();
  private readonly elements: number[][] = [];
  private sealed = false;

  constructor(readonly strings: StringTable = new StringTable()) {}

  /**
   * Every property is read: the keys that found the distinct rows (a string per distinct value
   * and set, ~100 MiB at 200,000 elements) are dropped, the table stays as it is.
   */
  seal(): void {
    this.sealed = true;
    this.valueIndex = new Map();
    this.setIndex = new Map();
  }

  /** Index of the distinct property (name, value, unit). */
  property(name: string, value: ModelPropertyValue, unit?: string): number {
    this.#checkOpen();
    const nameIndex = this.strings.add(name);
    const unitIndex = unit ? this.strings.add(unit) : -1;
    const key = `${nameIndex}|${unitIndex}|${typeof value}|${String(value)}`;
    let index = this.valueIndex.get(key);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(unitIndex >= 0 ? [nameIndex, value, unitIndex] : [nameIndex, value]);
      this.valueIndex.set(key, index);
    }
    return index;
  }

  /** Index of the distinct set (name, kind, properties in order). */
  set(name: string, kind: ModelPropertySetKind, properties: number[]): number {
    this.#checkOpen();
    const row = [this.strings.add(name), PROPERTY_SET_KINDS.indexOf(kind), ...properties];
    const key = row.join(',');
    let index = this.setIndex.get(key);
    if (index === undefined) {
      index = this.sets.length;
      this.sets.push(row);
      this.setIndex.set(key, index);
    }
    return index;
  }

  /** Appends a set to an element's list. */
  assign(element: number, set: number): void {
    while (this.elements.length <= element) this.elements.push([]);
    this.elements[element]!.push(set);
  }

  #checkOpen(): void {
    if (this.sealed) throw new Error('The property table is sealed: no property can be added.');
  }

  table(): ModelPropertyTable {
    return { values: this.values, sets: this.sets, elements: this.elements };
  }
}
