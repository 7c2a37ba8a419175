// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reactAtStart, reactFreeStart, type StartChunk } from './react-free-start';

const REACT = '/repo/node_modules/react/cjs/react.production.js';
const ROUTER = '/repo/node_modules/react-router/dist/index.mjs';

function chunk(fileName: string, imports: string[], moduleIds: string[], more = {}): StartChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    moduleIds,
    isEntry: false,
    facadeModuleId: moduleIds[0] ?? null,
    ...more,
  };
}

/** The app's chunks as the build makes them: React only behind start.js. */
const app = {
  'index.js': chunk('index.js', ['boot.js'], ['/repo/src/main.tsx'], { isEntry: true }),
  'boot.js': chunk('boot.js', [], ['/repo/src/lib/catalogue.ts']),
  'contract-en.js': chunk('contract-en.js', ['messages.js'], ['/repo/src/locales/contract-en.ts']),
  'messages.js': chunk('messages.js', [], ['/repo/contracts/messages-en.ts']),
  'start.js': chunk('start.js', ['app-core.js', 'react.js'], ['/repo/src/app/start.tsx']),
  'app-core.js': chunk('app-core.js', ['react.js', 'messages.js'], ['/repo/src/lib/http.ts']),
  'react.js': chunk('react.js', [], [REACT, ROUTER]),
  'style.css': { type: 'asset' as const, fileName: 'style.css' },
};
const AT_ONCE = [/contract-en\.ts$/];

describe('reactAtStart', () => {
  it('passes when only the app, loaded later, reaches React', () => {
    expect(reactAtStart(app, AT_ONCE)).toEqual([]);
  });

  it('names the chain from a chunk loaded at once to React', () => {
    // The texts' shared module grouped into app-core, which imports React.
    const bundle = {
      ...app,
      'contract-en.js': chunk(
        'contract-en.js',
        ['app-core.js'],
        ['/repo/src/locales/contract-en.ts'],
      ),
    };
    expect(reactAtStart(bundle, AT_ONCE)).toEqual([
      'contract-en.js -> app-core.js -> react.js (react/cjs/react.production.js)',
    ]);
  });

  it("checks the entry's static imports, however deep, and React's libraries too", () => {
    const bundle = {
      ...app,
      'boot.js': chunk('boot.js', ['router.js'], ['/repo/src/lib/catalogue.ts']),
      'router.js': chunk('router.js', [], ['/repo/src/lib/routing.ts', ROUTER]),
    };
    expect(reactAtStart(bundle, AT_ONCE)).toEqual([
      'index.js -> boot.js -> router.js (react-router/dist/index.mjs)',
    ]);
  });

  it('reports a pattern that names no chunk, which would check nothing', () => {
    expect(reactAtStart(app, [...AT_ONCE, /contract-fr\.ts$/])).toEqual([
      'no chunk for /contract-fr\\.ts$/',
    ]);
  });
});

describe('reactFreeStart', () => {
  const run = (bundle: Record<string, unknown>) => {
    const hook = reactFreeStart(AT_ONCE).generateBundle as (...args: unknown[]) => void;
    const context = {
      error(message: string) {
        throw new Error(message);
      },
    };
    hook.call(context, {}, bundle, false);
  };

  it('fails the build with the chain, and lets a clean bundle through', () => {
    expect(() => run(app)).not.toThrow();
    const bundle = { ...app, 'boot.js': chunk('boot.js', ['react.js'], ['/repo/src/lib/x.ts']) };
    expect(() => run(bundle)).toThrow(/index\.js -> boot\.js -> react\.js/);
  });
});
