import { afterEach, describe, expect, it } from 'vitest';
import { productionBuild } from './production-build';

describe('productionBuild', () => {
  const saved = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = saved;
  });

  function runConfigHook(warnings: string[]): void {
    const plugin = productionBuild((line) => warnings.push(line));
    expect(plugin.apply).toBe('build');
    const hook = plugin.config as () => void;
    hook();
  }

  it('turns NODE_ENV=development into production before Vite reads it, and says so', () => {
    process.env.NODE_ENV = 'development';
    const warnings: string[] = [];
    runConfigHook(warnings);
    expect(process.env.NODE_ENV).toBe('production');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('NODE_ENV=development');
  });

  it('says nothing when NODE_ENV is production already', () => {
    process.env.NODE_ENV = 'production';
    const warnings: string[] = [];
    runConfigHook(warnings);
    expect(process.env.NODE_ENV).toBe('production');
    expect(warnings).toEqual([]);
  });
});
