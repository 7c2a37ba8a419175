/** STEP strings: the escapes of ISO 10303-21 (`''`, \X2\...\X0\, \X4\, \X\hh, \S\c) decoded. */
import { matches } from './step-bytes.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Also read by the argument parser (binaries, enumerations). */
export const latin1 = new TextDecoder('latin1');

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

/**
 * Bytes between escapes: runs of ASCII as they are, runs of other bytes as UTF-8 (else Latin-1),
 * each run decoded at once.
 */
function decodePlain(b: Uint8Array, out: string[]): void {
  let i = 0;
  while (i < b.length) {
    const ascii = b[i]! < 0x80;
    let j = i + 1;
    while (j < b.length && b[j]! < 0x80 === ascii) j++;
    const run = b.subarray(i, j);
    if (ascii) out.push(latin1.decode(run));
    else {
      try {
        out.push(utf8.decode(run));
      } catch (_error) {
        out.push(latin1.decode(run));
      }
    }
    i = j;
  }
}

/**
 * Decodes the body of a STEP string; raw non-ASCII bytes are read as UTF-8 (else Latin-1).
 * The result is one flat string: built a character at a time, a 22-character GlobalId was a
 * chain of ten 32-byte cons strings that V8 kept as long as the string (68 MiB at 200,000
 * elements).
 */
export function decodeStepString(b: Uint8Array): string {
  const parts: string[] = [];
  // The plain bytes since the last escape.
  let plainStart = 0;
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    let escaped: string | null = null;
    let next = i;
    if (c === 0x27 && b[i + 1] === 0x27) {
      escaped = "'";
      next = i + 2;
    } else if (c === 0x5c /* \ */) {
      if (b[i + 1] === 0x5c) {
        escaped = '\\';
        next = i + 2;
      } else if (b[i + 1] === 0x58 /* X */ && b[i + 2] === 0x32 && b[i + 3] === 0x5c) {
        // \X2\ 4-hex-digit UTF-16 units ... \X0\
        let j = i + 4;
        const units: number[] = [];
        while (j + 4 <= b.length && b[j] !== 0x5c) {
          const unit = hexAt(b, j, 4);
          if (unit < 0) break;
          units.push(unit);
          j += 4;
        }
        escaped = fromCodes(units, String.fromCharCode);
        next = matches(b, j, '\\X0\\') ? j + 4 : j;
      } else if (b[i + 1] === 0x58 && b[i + 2] === 0x34 && b[i + 3] === 0x5c) {
        // \X4\ 8-hex-digit code points ... \X0\
        let j = i + 4;
        const points: number[] = [];
        while (j + 8 <= b.length && b[j] !== 0x5c) {
          const point = hexAt(b, j, 8);
          if (point < 0 || point > 0x10ffff) break;
          points.push(point);
          j += 8;
        }
        escaped = fromCodes(points, String.fromCodePoint);
        next = matches(b, j, '\\X0\\') ? j + 4 : j;
      } else if (b[i + 1] === 0x58 && b[i + 2] === 0x5c && hexAt(b, i + 3, 2) >= 0) {
        // \X\hh: one ISO 8859-1 character
        escaped = String.fromCharCode(hexAt(b, i + 3, 2));
        next = i + 5;
      } else if (b[i + 1] === 0x53 /* S */ && b[i + 2] === 0x5c && i + 3 < b.length) {
        escaped = String.fromCharCode(b[i + 3]! + 128);
        next = i + 4;
      } else if (b[i + 1] === 0x50 /* P */ && b[i + 3] === 0x5c) {
        // \PA\ code page switch: no effect on the characters we decode.
        escaped = '';
        next = i + 4;
      }
    }
    if (escaped === null) {
      i++;
      continue;
    }
    if (i > plainStart) decodePlain(b.subarray(plainStart, i), parts);
    parts.push(escaped);
    i = plainStart = next;
  }
  if (b.length > plainStart) decodePlain(b.subarray(plainStart), parts);
  // join copies into one flat string.
  return parts.length === 1 ? parts[0]! : parts.join('');
}

/** Characters from codes, in slices (a spread of a long list would overflow the stack). */
function fromCodes(codes: number[], from: (...codes: number[]) => string): string {
  const parts: string[] = [];
  for (let k = 0; k < codes.length; k += 4096) parts.push(from(...codes.slice(k, k + 4096)));
  return parts.join('');
}
