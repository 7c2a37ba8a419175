import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settings } from './config.ts';
import { modelSettings } from './config-models.ts';
import { operationSettings } from './config-operations.ts';
import { paymentSettings } from './config-payments.ts';

describe('docs/configuration.md', () => {
  it('documents every setting the server reads, with its default', () => {
    const page = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    for (const setting of [
      ...settings,
      ...modelSettings,
      ...paymentSettings,
      ...operationSettings,
    ]) {
      const row = page
        .split('\n')
        .find((line) => line.split('|')[1]?.trim() === `\`${setting.name}\``);
      expect(row, `docs/configuration.md row for ${setting.name}`).toBeDefined();
      expect(row).toContain(setting.default);
    }
  });
});
