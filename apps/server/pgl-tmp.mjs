import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
const a = new PGlite();
await a.waitReady;
console.log('fresh', Date.now() - t);
await a.query('create table x(a int)');
t = Date.now();
const dump = await a.dumpDataDir('gzip');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const dump2 = await a.dumpDataDir('none');
console.log('dump none', Date.now() - t, dump2.size);
t = Date.now();
const b = new PGlite({ loadDataDir: dump });
await b.waitReady;
console.log('load gz', Date.now() - t, (await b.query('select count(*) from x')).rows);
t = Date.now();
const c = new PGlite({ loadDataDir: dump2 });
await c.waitReady;
console.log('load tar', Date.now() - t);
t = Date.now();
const mod = await WebAssembly.compile(
  (await import('node:fs')).readFileSync('node_modules/@electric-sql/pglite/dist/pglite.wasm'),
);
console.log('compile', Date.now() - t);
t = Date.now();
const d = new PGlite({ loadDataDir: dump2, pgliteWasmModule: mod });
await d.waitReady;
console.log('load tar w/ module', Date.now() - t);
