import { describe, expect, it } from 'vitest';
import { READ_ONLY, savedViewAbilities } from './permissions';

const ME = 'me';
const mine = { created_by: ME };
const theirs = { created_by: 'someone-else' };

describe('what the UI offers on saved views (contracts can())', () => {
  it('managers save and manage every view', () => {
    for (const role of ['owner', 'admin'] as const) {
      const may = savedViewAbilities({ role }, ME);
      expect([may.create, may.manage(mine), may.manage(theirs)]).toEqual([true, true, true]);
    }
  });

  it('a member saves, and manages only their own views', () => {
    const may = savedViewAbilities({ role: 'member' }, ME);
    expect([may.create, may.manage(mine), may.manage(theirs)]).toEqual([true, true, false]);
    expect(may.manage({ created_by: null })).toBe(false);
  });

  it('without a project role or as a share visitor: read only', () => {
    for (const may of [savedViewAbilities(null, ME), READ_ONLY]) {
      expect([may.create, may.manage(mine)]).toEqual([false, false]);
    }
  });
});
