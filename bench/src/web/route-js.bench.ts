/**
 * Route JS bench (`npm run bench:web`): the JavaScript each route loads as a browser gets it
 * (brotli where the server has it, and decoded), measured in Debian's Chromium against the real
 * server with the built app: /signin, /signup, /models signed in, and a cold /model/{id}.
 *
 *   npm run build:web && npm run bench:web
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAccount, signInWithForm } from '@truss/e2e/support/accounts';
import { launchChromium } from '@truss/e2e/support/browser';
import { measureRouteScripts, type RouteScripts } from '@truss/e2e/support/route-js';
import { startServer } from '@truss/e2e/support/server';
import { convertFile, firstProjectId } from '@truss/e2e/support/viewer';

const webDist = fileURLToPath(new URL('../../../apps/web/dist/index.html', import.meta.url));
const sample = fileURLToPath(
  new URL('../../../../shared/samples/ifc/AC20-FZK-Haus.ifc', import.meta.url),
);

if (!existsSync(webDist)) {
  console.error('No web build: run `npm run build:web` first.');
  process.exit(1);
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const server = await startServer();
const browser = await launchChromium();
const rows: [string, RouteScripts][] = [];
try {
  for (const route of ['/signin', '/signup']) {
    const context = await browser.newContext();
    rows.push([route, await measureRouteScripts(await context.newPage(), `${server.url}${route}`)]);
    await context.close();
  }
  const email = 'bench-web@example.com';
  const auth = await createAccount(server.url, email);
  const projectId = await firstProjectId(server.url, auth.token);
  const model = await convertFile(server.url, auth.token, projectId, sample);
  const context = await browser.newContext();
  const signIn = await context.newPage();
  await signIn.goto(`${server.url}/signin`);
  await signInWithForm(signIn, email);
  await signIn.waitForURL(/\/models/);
  // Fresh pages of the signed-in context: nothing in memory, the HTTP cache is per context but
  // asked for every script again by `measureRouteScripts`' own requests.
  rows.push([
    '/models',
    await measureRouteScripts(await context.newPage(), `${server.url}/models`),
  ]);
  rows.push([
    '/model/{id}',
    await measureRouteScripts(await context.newPage(), `${server.url}/model/${model.id}`),
  ]);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

console.log('| route | scripts | JS br (KiB) | JS decoded (KiB) |');
console.log('|---|---:|---:|---:|');
for (const [route, js] of rows) {
  console.log(`| ${route} | ${js.urls.length} | ${kib(js.brBytes)} | ${kib(js.rawBytes)} |`);
}
