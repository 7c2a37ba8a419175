/**
 * The sheet engine's fetches: JSON with the viewer's request options (or from `bytes`, the
 * answer already read by the page), pdf.js's headers.
 */
export async function fetchJson<T>(
  url: string,
  init: RequestInit | undefined,
  bytes: ArrayBuffer | null = null,
): Promise<T> {
  if (bytes) return JSON.parse(new TextDecoder().decode(bytes)) as T;
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

export function headersOf(init: RequestInit | undefined): Record<string, string> | undefined {
  if (!init?.headers) return undefined;
  const out: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => (out[key] = value));
  return out;
}
