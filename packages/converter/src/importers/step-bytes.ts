/** Byte-level helpers shared by the STEP reader's index, argument parser and string decoder. */

/** ASCII upper case of one byte (STEP type names are case-insensitive). */
export function upper(c: number): number {
  return c >= 0x61 && c <= 0x7a ? c - 32 : c;
}

export function matches(b: Uint8Array, at: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) if (b[at + k] !== text.charCodeAt(k)) return false;
  return true;
}

export function indexOf(b: Uint8Array, text: string, from: number): number {
  const first = text.charCodeAt(0);
  for (let i = from; i < b.length; i++) if (b[i] === first && matches(b, i, text)) return i;
  return -1;
}

/** A letter or a digit (type names and keywords; `_` is checked apart). */
export function isWord(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
}
