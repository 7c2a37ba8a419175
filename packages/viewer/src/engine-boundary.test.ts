import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// The cycle rule walks every import of a probe's targets (the whole server behind app.ts): off
// here, where only the boundary rule is under test.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});

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

  it('keeps the model preview free of three.js and the engine (it draws before they load)', async () => {
    const messages = await restrictedImportMessages(
      [
        "import * as THREE from 'three';",
        "import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';",
        "import { fitBox } from '../navigation/camera-math.ts';",
        "import { fitBoxPlain } from '../navigation/fit-math.ts';",
        "import { decodeGlb } from '../core/loader.ts';",
        'export const probe = [THREE, MeshoptDecoder, fitBox, fitBoxPlain, decodeGlb];',
        '',
      ].join('\n'),
      'packages/viewer/src/preview/probe.ts',
    );
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain('no three.js here');
    expect(messages[1]).toContain('no engine modules here');
    expect(messages[2]).toContain('no engine modules here');
  }, 30_000);

  it('keeps the viewable format free of the converter, the viewer, Node and React', async () => {
    const messages = await restrictedImportMessages(
      [
        "import { useState } from 'react';",
        "import { convertModel } from '@truss/converter';",
        "import { createViewer } from '@truss/viewer';",
        "import { gzipSync } from 'node:zlib';",
        'export const probe = [useState, convertModel, createViewer, gzipSync];',
        '',
      ].join('\n'),
      'packages/viewable/src/probe.ts',
    );
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('Engines must not use React');
    expect(messages[1]).toContain('must not depend on the converter or the viewer');
    expect(messages[2]).toContain('must not depend on the converter or the viewer');
    expect(messages[3]).toContain('plain data');
  }, 30_000);

  it('refuses the converter in the web app, which reads the format from @truss/viewable', async () => {
    const messages = await restrictedImportMessages(
      "import type { ModelMetadata } from '@truss/converter/metadata';\nimport { readMetadata } from '@truss/viewable';\nexport type Probe = ModelMetadata;\nexport const probe = readMetadata;\n",
      'apps/web/src/probe.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('must not import the converter');
  }, 30_000);

  it('allows the same imports in the web app', async () => {
    const messages = await restrictedImportMessages(
      "import { useState } from 'react';\nexport const probe = useState;\n",
      'apps/web/src/probe.ts',
    );
    expect(messages).toEqual([]);
  }, 30_000);
});
