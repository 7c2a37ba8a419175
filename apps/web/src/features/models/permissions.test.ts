import { describe, expect, it } from 'vitest';
import { canUpload, modelAbilities } from './permissions';

const ME = 'me';
const mine = { creator: { id: ME, email: 'me@example.com', name: null } };
const theirs = { creator: { id: 'other', email: 'o@example.com', name: null } };
const orphan = { creator: null };

describe('what the UI offers on a model (contracts can())', () => {
  it('owners and admins manage every model', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(modelAbilities({ role }, ME, theirs)).toEqual({
        rename: true,
        move: true,
        trash: true,
        restore: true,
        deletePermanently: true,
      });
      expect(modelAbilities({ role }, ME, orphan).trash).toBe(true);
    }
  });

  it('members manage only the models they uploaded', () => {
    expect(Object.values(modelAbilities({ role: 'member' }, ME, mine)).every(Boolean)).toBe(true);
    expect(Object.values(modelAbilities({ role: 'member' }, ME, theirs)).some(Boolean)).toBe(false);
    expect(modelAbilities({ role: 'member' }, ME, orphan).rename).toBe(false);
  });

  it('outsiders and signed-out users get nothing; every member may upload', () => {
    expect(Object.values(modelAbilities(null, ME, mine)).some(Boolean)).toBe(false);
    expect(Object.values(modelAbilities({ role: 'owner' }, null, mine)).some(Boolean)).toBe(false);
    expect(canUpload({ role: 'member' }, ME)).toBe(true);
    expect(canUpload(null, ME)).toBe(false);
  });
});
