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
