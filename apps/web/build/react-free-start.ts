import type { Plugin, Rolldown } from 'vite';

/** The parts of an output chunk the check reads (a test builds them by hand). */
export type StartChunk = Pick<
  Rolldown.OutputChunk,
  'type' | 'fileName' | 'imports' | 'moduleIds' | 'isEntry' | 'facadeModuleId'
>;
type Output = StartChunk | { type: 'asset'; fileName: string };

/** React and what is built on it (react-dom, react-router, react-i18next, ...). */
const REACT_MODULE = /[\\/]node_modules[\\/]react[\w.-]*[\\/]/;

/**
 * Where the chunks that load at once reach React: one line per chunk that does, with the chain of
 * static imports that leads there. Loading at once are the entry chunks and the chunks of the
 * modules `atOnce` matches (the dynamic imports the entry makes before it waits for anything).
 * A chunk's static imports load with it (and Vite preloads them beside a dynamic import of it).
 * A pattern that matches no chunk is a problem too.
 */
export function reactAtStart(bundle: Record<string, Output>, atOnce: readonly RegExp[]): string[] {
  const chunks = new Map<string, StartChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') chunks.set(output.fileName, output as StartChunk);
  }
  const startsAtOnce = (chunk: StartChunk) =>
    chunk.isEntry || atOnce.some((re) => !!chunk.facadeModuleId && re.test(chunk.facadeModuleId));
  // A pattern that no longer names a chunk (a file moved) would check nothing.
  const problems = atOnce
    .filter((re) => ![...chunks.values()].some((chunk) => re.test(chunk.facadeModuleId ?? '')))
    .map((re) => `no chunk for ${re}`);
  for (const start of [...chunks.values()].filter(startsAtOnce)) {
    // Breadth first, so the chain reported is a shortest one.
    const via = new Map<string, string | null>([[start.fileName, null]]);
    const queue = [start.fileName];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const chunk = chunks.get(file);
      const react = chunk?.moduleIds.find((id) => REACT_MODULE.test(id));
      if (react) {
        const chain: string[] = [];
        for (let at: string | null | undefined = file; at; at = via.get(at)) chain.unshift(at);
        problems.push(`${chain.join(' -> ')} (${react.replace(/^.*[\\/]node_modules[\\/]/, '')})`);
        break;
      }
      for (const imported of chunk?.imports ?? []) {
        if (via.has(imported)) continue;
        via.set(imported, file);
        queue.push(imported);
      }
    }
  }
  return problems;
}

/**
 * Fails the build when what the page loads at once (src/main.tsx and what it imports statically,
 * the texts it asks for first, a model page's early view) reaches React: React and the app's
 * chunks would then download and compile before a model page's early view draws (main.tsx),
 * which it is there to do first. A chunk group that takes in a module the start shares with the
 * app (as app-core once took in the contracts' English texts) is how that happens unnoticed.
 */
export function reactFreeStart(atOnce: readonly RegExp[]): Plugin {
  return {
    name: 'truss-react-free-start',
    apply: 'build',
    generateBundle(_options, bundle) {
      const problems = reactAtStart(bundle, atOnce);
      if (problems.length > 0) {
        this.error(
          `what the page loads at once reaches React (build/react-free-start.ts):\n${problems.join('\n')}`,
        );
      }
    },
  };
}
