/**
 * three.js loaders were written for browsers. In Node we (1) replace texture loading with a stub
 * that only records the referenced URL (images are resolved from companions later, nothing is
 * fetched), and (2) lend a DOMParser / window only for the duration of a synchronous parse.
 */
import { DOMParser as XmlDomParser } from '@xmldom/xmldom';
import { Texture, TextureLoader } from 'three';
import { TGALoader } from 'three/examples/jsm/loaders/TGALoader.js';

let patched = false;

/** Texture that remembers which file the model referenced. */
function recordingLoad(this: { path?: string }, url: string): Texture {
  const texture = new Texture();
  texture.userData.url =
    url.startsWith('data:') || url.startsWith('blob:') ? url : `${this.path ?? ''}${url}`;
  return texture;
}

export function ensureThreeNodeEnvironment(): void {
  if (patched) return;
  patched = true;
  (TextureLoader.prototype as unknown as { load: typeof recordingLoad }).load = recordingLoad;
  (TGALoader.prototype as unknown as { load: typeof recordingLoad }).load = recordingLoad;
}

/** Runs a synchronous parse with browser globals the loaders expect, then removes them. */
export function withBrowserGlobals<T>(parse: () => T): T {
  ensureThreeNodeEnvironment();
  const globals = globalThis as Record<string, unknown>;
  const saved = { DOMParser: globals.DOMParser, window: globals.window };
  globals.DOMParser ??= XmlDomParser;
  globals.window ??= { innerWidth: 1024, innerHeight: 768 };
  // The loaders narrate ("File version 1.4.1", "unhandled Created ..."): keep worker logs clean.
  const { log, warn, info, debug } = console;
  console.log = console.warn = console.info = console.debug = () => undefined;
  try {
    return parse();
  } finally {
    Object.assign(console, { log, warn, info, debug });
    if (saved.DOMParser === undefined) delete globals.DOMParser;
    if (saved.window === undefined) delete globals.window;
  }
}
