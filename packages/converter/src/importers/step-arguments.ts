/**
 * The values of a STEP entity's argument list and their parser: the index (step.ts) knows where an
 * entity's arguments are; this reads them, only when the converter asks for that entity.
 */
import { indexOf, isWord, upper } from './step-bytes.ts';
import { decodeStepString, latin1 } from './step-strings.ts';

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

/** Reads one value (recursively, for lists and typed values) from `start` up to `end`. */
/** Characters passed as arguments at once; a longer plain string is decoded as Latin-1. */
const MAX_SPREAD = 4096;

export class ArgumentParser {
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
      // One flat string: added a character at a time, a 22-character GlobalId was a chain of
      // ten 32-byte cons strings, kept as long as the string (68 MiB at 200,000 elements).
      // apply takes any array-like, a typed array too (TypeScript's lib types ask for number[]).
      const codes = b.subarray(start, stop) as unknown as number[];
      if (stop - start <= MAX_SPREAD) return String.fromCharCode.apply(null, codes);
      return latin1.decode(b.subarray(start, stop));
    }
    return decodeStepString(b.subarray(start, stop));
  }
}
