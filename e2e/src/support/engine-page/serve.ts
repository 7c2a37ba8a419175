/**
 * Serves the bare engine page (page.ts) and .glb files held in memory: the viewer engine in
 * Chromium without the app around it.
 */
import { serveBarePage } from '../bare-page.ts';

export interface EnginePage {
  /** URL of the page opening the .glb registered under `name`. */
  urlFor(name: string): string;
  /** Serves `glb` under `name`, answering after `delayMs` (a slow network for streaming). */
  add(name: string, glb: Uint8Array, delayMs?: number): void;
  close(): Promise<void>;
}

export async function serveEnginePage(): Promise<EnginePage> {
  const glbs = new Map<string, { bytes: Uint8Array; delayMs: number }>();
  const page = await serveBarePage({
    entry: new URL('page.ts', import.meta.url),
    title: 'Truss engine',
    style: 'html,body{margin:0}',
    fileAt(path) {
      const glb = path.startsWith('/glb/')
        ? glbs.get(decodeURIComponent(path.slice('/glb/'.length)))
        : undefined;
      return glb && { contentType: 'model/gltf-binary', body: glb.bytes, delayMs: glb.delayMs };
    },
  });
  return {
    urlFor: (name) => `${page.base}/?glb=${encodeURIComponent(`/glb/${name}`)}`,
    add: (name, glb, delayMs = 0) => glbs.set(name, { bytes: glb, delayMs }),
    close: page.close,
  };
}
