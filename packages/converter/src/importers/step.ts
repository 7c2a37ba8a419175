/**
 * A fast reader for the DATA section of an ISO 10303-21 (STEP) file, for IFC semantics: one pass
 * indexes every entity instance (express id, type, where its arguments are), and arguments are
 * parsed on demand, only for the entities the converter reads. web-ifc still does the geometry;
 * fetching thousands of property lines one GetLine at a time through its WASM boundary costs
 * several times more than reading them here.
 */

/** `#123` in an argument list. */
export class StepRef {
  constructor(readonly id: number) {}
}

/** `.ENUM.` (booleans are `.T.` / `.F.`, logicals add `.U.`). */
export class StepEnum {
  constructor(readonly value: string) {}
}

/** A typed value such as `IFCLABEL('x')` or `IFCLENGTHMEASURE(2.5)`. */
export class StepTyped {
  constructor(
    readonly type: string,
    readonly value: StepValue,
  ) {}
}

export type StepValue = string | number | null | StepRef | StepEnum | StepTyped | StepValue[];

const HASH = 0x811c9dc5;

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

  constructor(readonly bytes: Uint8Array) {
    const data = findData(bytes);
    let capacity = Math.max(1024, Math.ceil(bytes.length / 48));
    let ids: Int32Array = new Int32Array(capacity);
    let starts: Int32Array = new Int32Array(capacity);
    let typeEnds: Int32Array = new Int32Array(capacity);
    let ends: Int32Array = new Int32Array(capacity);
    let types: Int32Array = new Int32Array(capacity);
    const typeByHash = new Map<number, number[]>();
    let count = 0;
    let maxId = 0;
    const b = bytes;
    const n = bytes.length;
    let i = data;
    while (i < n) {
      const c = b[i]!;
      if (c === 0x23 /* # */) {
        // #id = TYPE( ... );
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
        if (count === capacity) {
          capacity *= 2;
          ids = grow(ids, capacity);
          starts = grow(starts, capacity);
          typeEnds = grow(typeEnds, capacity);
          ends = grow(ends, capacity);
          types = grow(types, capacity);
        }
        ids[count] = id;
        starts[count] = typeStart;
        typeEnds[count] = typeEnd;
        ends[count] = end;
        types[count] = this.internType(typeByHash, hash, typeStart, typeEnd);
        if (id > maxId) maxId = id;
        count++;
        i = end + 1;
        continue;
      }
      if (c === 0x2f /* / */ && b[i + 1] === 0x2a /* * */) {
        const close = indexOf(b, '*/', i + 2);
        i = close < 0 ? n : close + 2;
        continue;
      }
      if (c === 0x45 /* E */ && matches(b, i, 'ENDSEC')) break;
      i++;
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
          same = name.charCodeAt(k) === upper(this.bytes[start + k]!);
        }
        if (same) return type;
      }
    }
    let name = '';
    for (let k = start; k < end; k++) name += String.fromCharCode(upper(this.bytes[k]!));
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
      if (wanted.has(name)) lines.push(...this.linesByType[type]!);
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
      const parser = new ArgumentParser(this.bytes, this.lineTypeEnd[line]!, this.lineEnd[line]!);
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

  /** Start offset of an entity's line (for error messages and tests). */
  offsetOf(id: number): number {
    const line = this.line(id);
    return line < 0 ? -1 : this.lineStart[line]!;
  }
}

function upper(c: number): number {
  return c >= 0x61 && c <= 0x7a ? c - 32 : c;
}

function grow(array: Int32Array, capacity: number): Int32Array {
  const out = new Int32Array(capacity);
  out.set(array);
  return out;
}

function matches(b: Uint8Array, at: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) if (b[at + k] !== text.charCodeAt(k)) return false;
  return true;
}

function indexOf(b: Uint8Array, text: string, from: number): number {
  const first = text.charCodeAt(0);
  for (let i = from; i < b.length; i++) if (b[i] === first && matches(b, i, text)) return i;
  return -1;
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

function isWord(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
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

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

class ArgumentParser {
  private i: number;
  constructor(
    private readonly b: Uint8Array,
    start: number,
    private readonly end: number,
  ) {
    this.i = start;
  }

  private skipSpace(): void {
    const b = this.b;
    while (this.i < this.end) {
      const c = b[this.i]!;
      if (c === 0x20 || c === 0x0d || c === 0x0a || c === 0x09) this.i++;
      else if (c === 0x2f && b[this.i + 1] === 0x2a) {
        const close = indexOf(b, '*/', this.i + 2);
        this.i = close < 0 ? this.end : close + 2;
      } else break;
    }
  }

  value(): StepValue {
    this.skipSpace();
    const b = this.b;
    const c = b[this.i]!;
    switch (c) {
      case 0x28 /* ( */: {
        this.i++;
        const list: StepValue[] = [];
        this.skipSpace();
        if (b[this.i] === 0x29) {
          this.i++;
          return list;
        }
        for (;;) {
          list.push(this.value());
          this.skipSpace();
          const next = b[this.i++];
          if (next === 0x29 /* ) */) return list;
          if (next !== 0x2c /* , */) throw new Error('bad list');
        }
      }
      case 0x24 /* $ */:
      case 0x2a /* * */:
        this.i++;
        return null;
      case 0x23 /* # */: {
        this.i++;
        let id = 0;
        while (b[this.i]! >= 0x30 && b[this.i]! <= 0x39) id = id * 10 + b[this.i++]! - 0x30;
        return new StepRef(id);
      }
      case 0x27 /* ' */:
        return this.string();
      case 0x22 /* " */: {
        const start = ++this.i;
        while (this.i < this.end && b[this.i] !== 0x22) this.i++;
        return latin1.decode(b.subarray(start, this.i++));
      }
      case 0x2e /* . */: {
        const start = ++this.i;
        while (this.i < this.end && b[this.i] !== 0x2e) this.i++;
        return new StepEnum(latin1.decode(b.subarray(start, this.i++)));
      }
      default: {
        if (c === 0x2d || c === 0x2b || (c >= 0x30 && c <= 0x39)) {
          const start = this.i++;
          while (this.i < this.end) {
            const d = b[this.i]!;
            if (
              (d >= 0x30 && d <= 0x39) ||
              d === 0x2e ||
              d === 0x45 ||
              d === 0x65 ||
              d === 0x2d ||
              d === 0x2b
            ) {
              this.i++;
            } else break;
          }
          let text = '';
          for (let k = start; k < this.i; k++) text += String.fromCharCode(b[k]!);
          const number = Number(text);
          return Number.isFinite(number) ? number : null;
        }
        if (isWord(c) || c === 0x5f) {
          const start = this.i;
          while (this.i < this.end && (isWord(b[this.i]!) || b[this.i] === 0x5f)) this.i++;
          let type = '';
          for (let k = start; k < this.i; k++) type += String.fromCharCode(upper(b[k]!));
          this.skipSpace();
          if (b[this.i] !== 0x28) throw new Error('bad typed value');
          this.i++;
          const inner = this.value();
          this.skipSpace();
          if (b[this.i] === 0x29) this.i++;
          return new StepTyped(type, inner);
        }
        throw new Error(`unexpected byte ${c}`);
      }
    }
  }

  /** A quoted string with STEP's escapes (`''`, \X2\...\X0\, \X\hh, \S\c) decoded. */
  private string(): string {
    const b = this.b;
    const start = ++this.i;
    let simple = true;
    while (this.i < this.end) {
      const c = b[this.i]!;
      if (c === 0x27) {
        if (b[this.i + 1] === 0x27) {
          simple = false;
          this.i += 2;
          continue;
        }
        break;
      }
      if (c === 0x5c /* \ */ || c >= 0x80) simple = false;
      this.i++;
    }
    const stop = this.i++;
    if (simple) {
      let text = '';
      for (let k = start; k < stop; k++) text += String.fromCharCode(b[k]!);
      return text;
    }
    return decodeStepString(b.subarray(start, stop));
  }
}

function hexAt(b: Uint8Array, at: number, digits: number): number {
  let value = 0;
  for (let k = 0; k < digits; k++) {
    const c = b[at + k]!;
    const d =
      c >= 0x30 && c <= 0x39
        ? c - 0x30
        : c >= 0x41 && c <= 0x46
          ? c - 55
          : c >= 0x61 && c <= 0x66
            ? c - 87
            : -1;
    if (d < 0) return -1;
    value = value * 16 + d;
  }
  return value;
}

/** Decodes the body of a STEP string; raw non-ASCII bytes are read as UTF-8 (else Latin-1). */
export function decodeStepString(b: Uint8Array): string {
  let out = '';
  let i = 0;
  let rawStart = -1;
  const flushRaw = (end: number) => {
    if (rawStart < 0) return;
    const raw = b.subarray(rawStart, end);
    try {
      out += utf8.decode(raw);
    } catch (_error) {
      out += latin1.decode(raw);
    }
    rawStart = -1;
  };
  while (i < b.length) {
    const c = b[i]!;
    if (c === 0x27 && b[i + 1] === 0x27) {
      flushRaw(i);
      out += "'";
      i += 2;
      continue;
    }
    if (c === 0x5c /* \ */) {
      if (b[i + 1] === 0x5c) {
        flushRaw(i);
        out += '\\';
        i += 2;
        continue;
      }
      if (b[i + 1] === 0x58 /* X */ && b[i + 2] === 0x32 && b[i + 3] === 0x5c) {
        // \X2\ 4-hex-digit UTF-16 units ... \X0\
        flushRaw(i);
        let j = i + 4;
        while (j + 4 <= b.length && b[j] !== 0x5c) {
          const unit = hexAt(b, j, 4);
          if (unit < 0) break;
          out += String.fromCharCode(unit);
          j += 4;
        }
        i = matches(b, j, '\\X0\\') ? j + 4 : j;
        continue;
      }
      if (b[i + 1] === 0x58 && b[i + 2] === 0x34 && b[i + 3] === 0x5c) {
        // \X4\ 8-hex-digit code points ... \X0\
        flushRaw(i);
        let j = i + 4;
        while (j + 8 <= b.length && b[j] !== 0x5c) {
          const point = hexAt(b, j, 8);
          if (point < 0 || point > 0x10ffff) break;
          out += String.fromCodePoint(point);
          j += 8;
        }
        i = matches(b, j, '\\X0\\') ? j + 4 : j;
        continue;
      }
      if (b[i + 1] === 0x58 && b[i + 2] === 0x5c) {
        // \X\hh: one ISO 8859-1 character
        const code = hexAt(b, i + 3, 2);
        if (code >= 0) {
          flushRaw(i);
          out += String.fromCharCode(code);
          i += 5;
          continue;
        }
      }
      if (b[i + 1] === 0x53 /* S */ && b[i + 2] === 0x5c && i + 3 < b.length) {
        flushRaw(i);
        out += String.fromCharCode(b[i + 3]! + 128);
        i += 4;
        continue;
      }
      if (b[i + 1] === 0x50 /* P */ && b[i + 3] === 0x5c) {
        // \PA\ code page switch: no effect on the characters we decode.
        flushRaw(i);
        i += 4;
        continue;
      }
    }
    if (c >= 0x80) {
      if (rawStart < 0) rawStart = i;
      i++;
      continue;
    }
    flushRaw(i);
    out += String.fromCharCode(c);
    i++;
  }
  flushRaw(b.length);
  return out;
}
