// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The boundary rules' messages for `code` linted as if it were `filePath`. */
async function boundaryMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

// Linting with the whole repository config takes seconds on a loaded machine.
const LINT_TIMEOUT_MS = 30_000;

describe('web feature boundary lint rule', () => {
  it.each([
    ['apps/web/src/features/share/probe.ts', '../viewer/useViewer'],
    ['apps/web/src/features/share/probe.ts', '../viewer/components/ModelViewer'],
    ['apps/web/src/features/share/probe.ts', '../viewer/boot/early-viewer'],
    ['apps/web/src/features/share/probe.ts', '../../features/viewer/index'],
    ['apps/web/src/features/share/components/Probe.tsx', '../../viewer/engine'],
    ['apps/web/src/features/share/components/Probe.tsx', '../../viewer/early-preview'],
    ['apps/web/src/features/share/components/Probe.tsx', '../../../features/viewer'],
  ])(
    'refuses another feature internals in %s (%s)',
    async (file, specifier) => {
      const messages = await boundaryMessages(
        `import { probeTarget } from '${specifier}';\nexport const probe = probeTarget;\n`,
        file,
      );
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('only through its door');
    },
    LINT_TIMEOUT_MS,
  );

  it.each([
    ['apps/web/src/features/models/components/Probe.tsx', '../../share/components/ShareDialog'],
    ['apps/web/src/features/models/probe.ts', '../share/components/ShareDialog'],
  ])(
    'refuses import() of another feature internals in %s (%s)',
    async (file, specifier) => {
      const messages = await boundaryMessages(
        `export const probe = () => import('${specifier}');\n`,
        file,
      );
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('only through its door');
    },
    LINT_TIMEOUT_MS,
  );

  it.each([
    ['apps/web/src/features/share/probe.ts', '../viewer'],
    ['apps/web/src/features/share/probe.ts', '../viewer/index'],
    ['apps/web/src/features/share/probe.ts', '../viewer/early'],
    ['apps/web/src/features/share/probe.ts', './components/SharedViewer'],
    ['apps/web/src/features/share/probe.ts', '../../lib/http'],
    ['apps/web/src/features/share/components/Probe.tsx', '../../viewer'],
    ['apps/web/src/features/share/components/Probe.tsx', '../../projects/early'],
    ['apps/web/src/features/share/components/Probe.tsx', '../permissions'],
    ['apps/web/src/features/share/components/Probe.tsx', '../../../components/ui/Button'],
    ['apps/web/src/app/Probe.tsx', '../features/viewer/useViewer'],
  ])(
    'allows %s to import %s',
    async (file, specifier) => {
      const messages = await boundaryMessages(
        `import { probeTarget } from '${specifier}';\nexport const probe = probeTarget;\n`,
        file,
      );
      expect(messages).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'allows import() of a lazy door',
    async () => {
      const messages = await boundaryMessages(
        `export const probe = () => import('../../share/lazy');\n`,
        'apps/web/src/features/models/components/Probe.tsx',
      );
      expect(messages).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );
});
