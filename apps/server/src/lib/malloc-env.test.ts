import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MALLOC_ENV_DEFAULTS, withMallocDefaults } from './malloc-env.ts';

describe('malloc settings of npm start', () => {
  it('are the ones the start script sets, each overridable from the environment', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: { start: string } };
    for (const [name, value] of Object.entries(MALLOC_ENV_DEFAULTS)) {
      expect(pkg.scripts.start).toContain(`${name}=\${${name}:-${value}}`);
    }
  });

  it('fill in what the environment leaves unset or empty', () => {
    expect(withMallocDefaults({ MALLOC_MMAP_THRESHOLD_: '' }).MALLOC_MMAP_THRESHOLD_).toBe(
      MALLOC_ENV_DEFAULTS.MALLOC_MMAP_THRESHOLD_,
    );
    expect(withMallocDefaults({ MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe(
      '65536',
    );
  });
});
