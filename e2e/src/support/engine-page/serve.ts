/**
 * Serves the bare engine page (page.ts) and .glb files held in memory: the viewer engine in
 * Chromium without the app around it.
 */
import { serveBarePage } from '../bare-page.ts';

export interface EnginePage {
  /** URL of the page opening the .glb registered under `name`. */
  urlFor(name: string): string;
  add(name: string, glb: Uint8Array): void;
  close(): Promise<void>;
}

export async function serveEnginePage(): Promise<EnginePage> {
  const glbs = new Map<string, Uint8Array>();
  const page = await serveBarePage({
    entry: new URL('page.ts', import.meta.url),
    title: 'Truss engine',
    style: 'html,body{margin:0}',
    fileAt(path) {
      const glb = path.startsWith('/glb/')
        ? glbs.get(decodeURIComponent(path.slice('/glb/'.length)))
        : undefined;
      return glb && { contentType: 'model/gltf-binary', body: glb };
    },
  });
  return {
    urlFor: (name) => `${page.base}/?glb=${encodeURIComponent(`/glb/${name}`)}`,
    add: (name, glb) => glbs.set(name, glb),
    close: page.close,
  };
}
