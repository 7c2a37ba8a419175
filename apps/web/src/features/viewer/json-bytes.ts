/** A downloaded JSON file's bytes, parsed on this thread (UTF-8, as fetch's json() reads them). */
export function parseJsonBytes(bytes: ArrayBuffer): unknown {
  return JSON.parse(new TextDecoder().decode(bytes));
}
