import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../build.mjs';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
let building: Promise<boolean> | null = null;

/**
 * The built server's entry, `dist/main.js` (what `npm start` runs), built first when missing or
 * older than its sources: tests and benchmarks start the server as users do, never through tsx.
 */
export async function builtServerEntry(): Promise<string> {
  building ??= buildServer();
  await building;
  return path.join(serverRoot, 'dist', 'main.js');
}
