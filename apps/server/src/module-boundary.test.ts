import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

// Linting with the whole repository config takes seconds on a loaded machine.
const LINT_TIMEOUT_MS = 30_000;

describe('server module boundary lint rule', () => {
  it.each([
    ['apps/server/src/modules/shares/probe.ts', '../models/service.ts'],
    ['apps/server/src/modules/shares/probe.ts', '../../modules/models/service.ts'],
    ['apps/server/src/modules/shares/testing/probe.ts', '../../models/routes.ts'],
  ])(
    'refuses another module internals in %s (%s)',
    async (file, specifier) => {
      const messages = await restrictedImportMessages(
        `import { ModelsService } from '${specifier}';\nexport const probe = ModelsService;\n`,
        file,
      );
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('only through its index.ts');
    },
    LINT_TIMEOUT_MS,
  );

  it.each([
    ['apps/server/src/modules/shares/probe.ts', '../models/index.ts'],
    ['apps/server/src/modules/shares/probe.ts', './service.ts'],
    ['apps/server/src/modules/shares/probe.ts', '../../http/errors.ts'],
    ['apps/server/src/modules/shares/testing/probe.ts', '../../models/index.ts'],
    ['apps/server/src/modules/shares/testing/probe.ts', '../service.ts'],
    ['apps/server/src/modules/shares/testing/probe.ts', '../../../http/errors.ts'],
  ])(
    'allows %s to import %s',
    async (file, specifier) => {
      const messages = await restrictedImportMessages(
        `import { probeTarget } from '${specifier}';\nexport const probe = probeTarget;\n`,
        file,
      );
      expect(messages).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );

  it.each([
    ['apps/server/src/repositories.ts', './modules/models/index.ts'],
    ['apps/server/src/db/probe.ts', '../modules/models/repository.ts'],
    ['apps/server/src/lib/deep/probe.ts', '../../modules/users/index.ts'],
  ])(
    'refuses shared code %s importing a module (%s)',
    async (file, specifier) => {
      const messages = await restrictedImportMessages(
        `import { probeTarget } from '${specifier}';\nexport const probe = probeTarget;\n`,
        file,
      );
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('Shared server code imports no module');
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'lets the composition roots import the modules',
    async () => {
      const messages = await restrictedImportMessages(
        `import { probeTarget } from './modules/models/index.ts';\nexport const probe = probeTarget;\n`,
        'apps/server/src/app-data.ts',
      );
      expect(messages).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );
});
