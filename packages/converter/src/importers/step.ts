/**
 * A fast reader for the DATA section of an ISO 10303-21 (STEP) file, for IFC semantics: one pass
 * indexes every entity instance (express id, type, where its arguments are), and arguments are
 * parsed on demand, only for the entities the converter reads. web-ifc still does the geometry;
 * fetching thousands of property lines one GetLine at a time through its WASM boundary costs
 * several times more than reading them here.
 *
 * This file is the index (and the reader's door); the arguments' values and their parser are in
 * step-arguments.ts, string escapes in step-strings.ts, byte helpers in step-bytes.ts.
 */

import { memorySource, type ByteSource } from './byte-source.ts';
import { ArgumentParser, type StepValue } from './step-arguments.ts';
import { indexOf, isWord, matches, upper } from './step-bytes.ts';

export { StepEnum, StepRef, StepTyped, type StepValue } from './step-arguments.ts';
export { decodeStepString } from './step-strings.ts';

const HASH = 0x811c9dc5;
/** The index pass reads a file source in windows of this size. */
const WINDOW_BYTES = 8 * 1024 * 1024;
/** `DATA;` is looked for in this much of a file source (a header is a few hundred bytes). */
const HEADER_BYTES = 1024 * 1024;

export class StepFile {
  /** Per entity (line): express id, start of its type name, end of the type name, end (`;`). */
  private readonly lineId: Int32Array;
  private readonly lineStart: Int32Array;
  private readonly lineTypeEnd: Int32Array;
  private readonly lineEnd: Int32Array;
  private readonly lineType: Int32Array;
  readonly count: number;
  /** Upper-case type names (`IFCWALL`), indexed by type number. */
  readonly typeNames: string[] = [];
  private readonly linesByType: number[][] = [];
  private readonly lineById: Int32Array | Map<number, number>;
  /** The last parsed line: attributes of one entity are usually read one after the other. */
  private lastId = -1;
  private lastArgs: StepValue[] | null = null;

  /** Where the entities' bytes are read from when their arguments are parsed. */
  readonly source: ByteSource;
  /** Offset just after the header's `DATA;` (0 when there is none). */
  readonly dataStart: number;

  /**
   * Indexes the DATA section: in one window when the bytes are in memory, else in windows of
   * 8 MiB read from the source (an entity cut by a window's end is read again with the next).
   */
  constructor(input: Uint8Array | ByteSource, windowBytes = WINDOW_BYTES) {
    const source = input instanceof Uint8Array ? memorySource(input) : input;
    this.source = source;
    const size = source.size;
    let capacity = Math.max(1024, Math.ceil(size / 48));
    let ids: Int32Array = new Int32Array(capacity);
    let starts: Int32Array = new Int32Array(capacity);
    let typeEnds: Int32Array = new Int32Array(capacity);
    let ends: Int32Array = new Int32Array(capacity);
    let types: Int32Array = new Int32Array(capacity);
    const typeByHash = new Map<number, number[]>();
    let count = 0;
    let maxId = 0;
    let window = input instanceof Uint8Array ? Math.max(1, size) : windowBytes;
    let base = findData(source.read(0, Math.max(window, HEADER_BYTES)));
    this.dataStart = base;
    scan: while (base < size) {
      const b = source.read(base, base + window);
      const n = b.length;
      const last = base + n >= size;
      // Short of the end of a window, stop at the next entity: it may be cut.
      const limit = last ? n : n - 64;
      let i = 0;
      while (i < limit) {
        const c = b[i]!;
        if (c === 0x23 /* # */) {
          // #id = TYPE( ... );
          const entity = i;
          let id = 0;
          i++;
          while (i < n && b[i]! >= 0x30 && b[i]! <= 0x39) id = id * 10 + b[i++]! - 0x30;
          while (i < n && b[i] !== 0x3d /* = */) i++;
          i++;
          while (i < n && (b[i] === 0x20 || b[i] === 0x0d || b[i] === 0x0a || b[i] === 0x09)) i++;
          const typeStart = i;
          let hash = HASH;
          while (i < n) {
            const t = b[i]!;
            if (!(isWord(t) || t === 0x5f)) break;
            // Type names are case-insensitive: hash (and store) them in upper case.
            hash = Math.imul(hash ^ upper(t), 0x01000193);
            i++;
          }
          const typeEnd = i;
          const end = skipEntity(b, i);
          if (end >= n && !last) {
            i = entity;
            break;
          }
          if (count === capacity) {
            capacity *= 2;
            ids = grow(ids, capacity);
            starts = grow(starts, capacity);
            typeEnds = grow(typeEnds, capacity);
            ends = grow(ends, capacity);
            types = grow(types, capacity);
          }
          ids[count] = id;
          starts[count] = base + typeStart;
          typeEnds[count] = base + typeEnd;
          ends[count] = base + end;
          types[count] = this.internType(typeByHash, hash, b, typeStart, typeEnd);
          if (id > maxId) maxId = id;
          count++;
          i = end + 1;
          continue;
        }
        if (c === 0x2f /* / */ && b[i + 1] === 0x2a /* * */) {
          const close = indexOf(b, '*/', i + 2);
          if (close < 0 && !last) break;
          i = close < 0 ? n : close + 2;
          continue;
        }
        if (c === 0x45 /* E */ && matches(b, i, 'ENDSEC')) break scan;
        i++;
      }
      if (last) break;
      // One entity (or comment) longer than the window: read a bigger one.
      if (i === 0) window *= 2;
      base += i;
    }
    this.count = count;
    this.lineId = ids;
    this.lineStart = starts;
    this.lineTypeEnd = typeEnds;
    this.lineEnd = ends;
    this.lineType = types;
    for (let line = 0; line < count; line++) this.linesByType[types[line]!]!.push(line);
    if (maxId < count * 8 + 1024) {
      const byId = new Int32Array(maxId + 1).fill(-1);
      for (let line = 0; line < count; line++) byId[ids[line]!] = line;
      this.lineById = byId;
    } else {
      const byId = new Map<number, number>();
      for (let line = 0; line < count; line++) byId.set(ids[line]!, line);
      this.lineById = byId;
    }
  }

  private internType(
    byHash: Map<number, number[]>,
    hash: number,
    bytes: Uint8Array,
    start: number,
    end: number,
  ): number {
    const candidates = byHash.get(hash);
    if (candidates) {
      for (const type of candidates) {
        const name = this.typeNames[type]!;
        if (name.length !== end - start) continue;
        let same = true;
        for (let k = 0; k < name.length && same; k++) {
          same = name.charCodeAt(k) === upper(bytes[start + k]!);
        }
        if (same) return type;
      }
    }
    let name = '';
    for (let k = start; k < end; k++) name += String.fromCharCode(upper(bytes[k]!));
    const type = this.typeNames.length;
    this.typeNames.push(name);
    this.linesByType.push([]);
    if (candidates) candidates.push(type);
    else byHash.set(hash, [type]);
    return type;
  }

  private line(id: number): number {
    const line = this.lineById instanceof Map ? this.lineById.get(id) : this.lineById[id];
    return line === undefined ? -1 : line;
  }

  has(id: number): boolean {
    return this.line(id) >= 0;
  }

  /** Upper-case type name of an entity, null when there is no such id. */
  typeOf(id: number): string | null {
    const line = this.line(id);
    return line < 0 ? null : this.typeNames[this.lineType[line]!]!;
  }

  /** Express ids of every entity of exactly these (upper-case) types, in file order. */
  idsOfType(...names: string[]): number[] {
    const wanted = new Set(names);
    const lines: number[] = [];
    this.typeNames.forEach((name, type) => {
      // A loop, not push(...lines): spread arguments overflow the stack past ~100,000 lines.
      if (wanted.has(name)) for (const line of this.linesByType[type]!) lines.push(line);
    });
    lines.sort((a, b) => a - b);
    return lines.map((line) => this.lineId[line]!);
  }

  /** First express id of a type (to learn its attribute names from web-ifc). */
  firstOfType(name: string): number | null {
    const type = this.typeNames.indexOf(name);
    const line = type < 0 ? undefined : this.linesByType[type]![0];
    return line === undefined ? null : this.lineId[line]!;
  }

  /** The parsed argument list of an entity; null for unknown ids (or unparseable lines). */
  args(id: number): StepValue[] | null {
    if (id === this.lastId) return this.lastArgs;
    const line = this.line(id);
    let result: StepValue[] | null = null;
    if (line >= 0) {
      const start = this.lineTypeEnd[line]!;
      const end = this.lineEnd[line]!;
      const parser = new ArgumentParser(this.source.read(start, end + 1), 0, end - start);
      try {
        const value = parser.value();
        result = Array.isArray(value) ? value : null;
      } catch (_error) {
        result = null;
      }
    }
    this.lastId = id;
    this.lastArgs = result;
    return result;
  }

  /** Where an entity is in the file, as its rank among the entities (-1 for unknown ids). */
  order(id: number): number {
    return this.line(id);
  }

  /**
   * Calls `visit` with each id an entity's arguments refer to (`#12`), read from its bytes
   * without parsing them into values; strings are skipped. Nothing for unknown ids.
   */
  forEachRef(id: number, visit: (ref: number) => void): void {
    const line = this.line(id);
    if (line < 0) return;
    const start = this.lineTypeEnd[line]!;
    const b = this.source.read(start, this.lineEnd[line]! + 1);
    for (let i = 0; i < b.length; i++) {
      const c = b[i]!;
      if (c === 0x27 /* ' */) {
        i++;
        while (i < b.length && !(b[i] === 0x27 && b[i + 1] !== 0x27)) i += b[i] === 0x27 ? 2 : 1;
      } else if (c === 0x22 /* " binary */) {
        i++;
        while (i < b.length && b[i] !== 0x22) i++;
      } else if (c === 0x23 /* # */) {
        let ref = 0;
        while (i + 1 < b.length && b[i + 1]! >= 0x30 && b[i + 1]! <= 0x39) {
          ref = ref * 10 + b[++i]! - 0x30;
        }
        visit(ref);
      }
    }
  }

  /** Bytes of an entity as written by writeEntity (0 for unknown ids). */
  entityLength(id: number): number {
    const line = this.line(id);
    if (line < 0) return 0;
    // `#`, the digits, `=`, the entity through its `;`, the line break.
    return 1 + digits(id) + 1 + (this.lineEnd[line]! - this.lineStart[line]! + 1) + 1;
  }

  /**
   * Writes an entity as `#id=TYPE(...);` and a line break into `out` at `offset`, copied from
   * the source; returns the offset after it. Unknown ids write nothing.
   */
  writeEntity(id: number, out: Uint8Array, offset: number): number {
    const line = this.line(id);
    if (line < 0) return offset;
    out[offset++] = 0x23; // #
    const width = digits(id);
    for (let k = width - 1, n = id; k >= 0; k--, n = Math.floor(n / 10)) {
      out[offset + k] = 0x30 + (n % 10);
    }
    offset += width;
    out[offset++] = 0x3d; // =
    const start = this.lineStart[line]!;
    const end = this.lineEnd[line]! + 1;
    out.set(this.source.read(start, end), offset);
    offset += end - start;
    out[offset++] = 0x0a;
    return offset;
  }

  /** Start offset of an entity's line (for error messages and tests). */
  offsetOf(id: number): number {
    const line = this.line(id);
    return line < 0 ? -1 : this.lineStart[line]!;
  }
}

function digits(n: number): number {
  let width = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    width++;
  }
  return width;
}

function grow(array: Int32Array, capacity: number): Int32Array {
  const out = new Int32Array(capacity);
  out.set(array);
  return out;
}

/** Offset just after `DATA;` (0 when the header is missing: then everything is scanned). */
function findData(b: Uint8Array): number {
  for (let i = 0; i + 5 <= b.length; i++) {
    if (b[i] === 0x44 && matches(b, i, 'DATA') && (i === 0 || !isWord(b[i - 1]!))) {
      let j = i + 4;
      while (j < b.length && (b[j] === 0x20 || b[j] === 0x0d || b[j] === 0x0a)) j++;
      if (b[j] === 0x3b /* ; */) return j + 1;
    }
    if (b[i] === 0x27 /* ' */) {
      // Skip strings in the header (a description may contain "DATA;").
      i++;
      while (i < b.length && !(b[i] === 0x27 && b[i + 1] !== 0x27)) i += b[i] === 0x27 ? 2 : 1;
    }
  }
  return 0;
}

/** Offset of the `;` that ends the entity whose arguments start at or after `i`. */
function skipEntity(b: Uint8Array, i: number): number {
  const n = b.length;
  while (i < n) {
    const c = b[i]!;
    if (c === 0x27 /* ' */) {
      i++;
      while (i < n) {
        if (b[i] === 0x27) {
          if (b[i + 1] === 0x27) i += 2;
          else break;
        } else i++;
      }
      i++;
      continue;
    }
    if (c === 0x22 /* " binary */) {
      i++;
      while (i < n && b[i] !== 0x22) i++;
      i++;
      continue;
    }
    if (c === 0x3b /* ; */) return i;
    i++;
  }
  return n;
}
