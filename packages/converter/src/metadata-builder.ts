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
import { arrayPieces } from './metadata-file.ts';

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

/** A growable column of 32-bit integers: a table's rows without an object per row. */
export class IntColumn {
  private data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index]!;
  }

  /** The values from `start` to `end` (a copy, as a plain array). */
  slice(start: number, end: number): number[] {
    return Array.from(this.data.subarray(start, end));
  }
}

/** Value lookups per (name, unit): the value's own type picks the map (1 and '1' differ). */
type ValueMaps = Partial<Record<'number' | 'string' | 'boolean' | 'null', Map<unknown, number>>>;

/**
 * The metadata's property table while it is read (ModelPropertyTable once read): properties,
 * sets and the elements' lists held in integer columns, so that a model of 200,000 elements,
 * each with its own property sets, is not a million small arrays; the lookups that find a row
 * again are keyed by numbers and the values themselves, not by a string built per call.
 */
export class PropertyTableBuilder {
  private readonly valueNames = new IntColumn();
  private readonly valueUnits = new IntColumn();
  private readonly values: ModelPropertyValue[] = [];
  private valueIndex = new Map<number, Map<number, ValueMaps>>();
  /** Set n is [name, kind, ...properties] at setData[setStart[n]] up to setStart[n + 1]. */
  private readonly setStart = new IntColumn();
  private readonly setData = new IntColumn();
  /** Sets by a hash of their row; a hash two rows share lists both. */
  private setIndex = new Map<number, number | number[]>();
  /** Element e's sets start at elementSets[elementStart[e]] and end where the next one's start. */
  private readonly elementStart = new IntColumn();
  private readonly elementSets = new IntColumn();
  private sealed = false;

  constructor(readonly strings: StringTable = new StringTable()) {
    this.setStart.push(0);
  }

  /** Every property is read: the lookups that found the distinct rows are dropped. */
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
    let byUnit = this.valueIndex.get(nameIndex);
    if (!byUnit) this.valueIndex.set(nameIndex, (byUnit = new Map()));
    let maps = byUnit.get(unitIndex);
    if (!maps) byUnit.set(unitIndex, (maps = {}));
    const kind = value === null ? 'null' : (typeof value as 'number' | 'string' | 'boolean');
    const map = (maps[kind] ??= new Map());
    let index = map.get(value);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(value);
      this.valueNames.push(nameIndex);
      this.valueUnits.push(unitIndex);
      map.set(value, index);
    }
    return index;
  }

  /** Index of the distinct set (name, kind, properties in order). */
  set(name: string, kind: ModelPropertySetKind, properties: number[]): number {
    this.#checkOpen();
    const nameIndex = this.strings.add(name);
    const kindIndex = PROPERTY_SET_KINDS.indexOf(kind);
    let hash = Math.imul(nameIndex ^ 0x9e3779b9, 0x85ebca6b) ^ kindIndex;
    for (const property of properties) hash = Math.imul(hash ^ property, 0x01000193);
    const found = this.setIndex.get(hash);
    const same = (set: number) => this.#setIs(set, nameIndex, kindIndex, properties);
    if (typeof found === 'number' && same(found)) return found;
    if (Array.isArray(found)) {
      const match = found.find(same);
      if (match !== undefined) return match;
    }
    const index = this.setStart.length - 1;
    this.setData.push(nameIndex);
    this.setData.push(kindIndex);
    for (const property of properties) this.setData.push(property);
    this.setStart.push(this.setData.length);
    if (found === undefined) this.setIndex.set(hash, index);
    else if (Array.isArray(found)) found.push(index);
    else this.setIndex.set(hash, [found, index]);
    return index;
  }

  /**
   * Appends a set to an element's list. Elements are given in order (an element's sets, then a
   * later element's): the lists are one column.
   */
  assign(element: number, set: number): void {
    const last = this.elementStart.length - 1;
    if (element < last) {
      throw new Error(`Element ${element} was given its sets after element ${last}.`);
    }
    while (this.elementStart.length <= element) this.elementStart.push(this.elementSets.length);
    this.elementSets.push(set);
  }

  #setIs(set: number, name: number, kind: number, properties: number[]): boolean {
    const start = this.setStart.at(set);
    if (this.setStart.at(set + 1) - start !== properties.length + 2) return false;
    if (this.setData.at(start) !== name || this.setData.at(start + 1) !== kind) return false;
    return properties.every((property, k) => this.setData.at(start + 2 + k) === property);
  }

  #checkOpen(): void {
    if (this.sealed) throw new Error('The property table is sealed: no property can be added.');
  }

  /** The table in the metadata's layout (rows built now, from the columns). */
  table(): ModelPropertyTable {
    return {
      values: this.#valueRows(0, this.values.length),
      sets: this.#setRows(0, this.#setCount()),
      elements: this.#elementRows(0, this.elementStart.length),
    };
  }

  /** The text of JSON.stringify(table()), its rows built a slice at a time. */
  *jsonPieces(): Generator<string> {
    yield '{"values":';
    yield* arrayPieces(this.values.length, (start, end) => this.#valueRows(start, end));
    yield ',"sets":';
    yield* arrayPieces(this.#setCount(), (start, end) => this.#setRows(start, end));
    yield ',"elements":';
    yield* arrayPieces(this.elementStart.length, (start, end) => this.#elementRows(start, end));
    yield '}';
  }

  #setCount(): number {
    return this.setStart.length - 1;
  }

  #valueRows(start: number, end: number): ModelPropertyRow[] {
    const rows: ModelPropertyRow[] = [];
    for (let n = start; n < end; n++) {
      const unit = this.valueUnits.at(n);
      const name = this.valueNames.at(n);
      rows.push(unit >= 0 ? [name, this.values[n] ?? null, unit] : [name, this.values[n] ?? null]);
    }
    return rows;
  }

  #setRows(start: number, end: number): number[][] {
    const rows: number[][] = [];
    for (let n = start; n < end; n++) {
      rows.push(this.setData.slice(this.setStart.at(n), this.setStart.at(n + 1)));
    }
    return rows;
  }

  #elementRows(start: number, end: number): number[][] {
    const rows: number[][] = [];
    const opened = this.elementStart.length;
    for (let e = start; e < end; e++) {
      const last = e + 1 < opened ? this.elementStart.at(e + 1) : this.elementSets.length;
      rows.push(this.elementSets.slice(this.elementStart.at(e), last));
    }
    return rows;
  }
}
