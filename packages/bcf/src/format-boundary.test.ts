import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// Only the boundary rule is under test; the cycle rule would walk the server behind the probe.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});

describe('BCF format boundary lint rule', () => {
  it('refuses the database, Fastify and app code in packages/bcf', async () => {
    const code = [
      "import { sql } from 'kysely';",
      "import type { FastifyBaseLogger } from 'fastify';",
      "import type { TopicBcfExtras } from '../../../apps/server/src/db/schema.ts';",
      "import { readBcf } from './read.ts';",
      'export type Probe = [FastifyBaseLogger, TopicBcfExtras];',
      'export const probe = [sql, readBcf];',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, {
      filePath: `${repoRoot}packages/bcf/src/probe.ts`,
    });
    const messages = (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-imports')
      .map((message) => message.message);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain('no database and no HTTP');
    expect(messages[1]).toContain('no database and no HTTP');
    expect(messages[2]).toContain('Engines must not import app code');
  }, 30_000);
});
