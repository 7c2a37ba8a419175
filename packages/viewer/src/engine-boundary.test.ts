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

describe('engine boundary lint rule', () => {
  it.each(['packages/viewer/src/probe.ts', 'packages/converter/src/probe.ts'])(
    'refuses React and app imports in %s',
    async (file) => {
      const messages = await restrictedImportMessages(
        "import { useState } from 'react';\nimport { buildApp } from '../../../apps/server/src/app.ts';\nexport const probe = [useState, buildApp];\n",
        file,
      );
      expect(messages).toHaveLength(2);
      expect(messages[0]).toContain('Engines must not use React');
      expect(messages[1]).toContain('Engines must not import app code');
    },
    // Linting with the whole repository config takes seconds on a loaded machine.
    30_000,
  );

  it('allows the same imports in the web app', async () => {
    const messages = await restrictedImportMessages(
      "import { useState } from 'react';\nexport const probe = useState;\n",
      'apps/web/src/probe.ts',
    );
    expect(messages).toEqual([]);
  }, 30_000);
});
