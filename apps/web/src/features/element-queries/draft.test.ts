import { describe, expect, it } from 'vitest';
import { fromWhere, newCondition, newGroup, replaceItem, toWhere } from './draft';

describe('query drafts', () => {
  it('turn into the API query: numbers for < and >, no value for exists, empty fields dropped', () => {
    const door = newCondition('type', 'IfcDoor');
    const tall = { ...newCondition('IfcDoor.OverallHeight', ' 2.1 '), op: '>' as const };
    const rated = { ...newCondition('Pset_DoorCommon.FireRating'), op: 'exists' as const };
    const draft = newGroup('all', [door, newGroup('any', [tall, rated]), newCondition('  ')]);
    expect(toWhere(draft)).toEqual({
      all: [
        { field: 'type', op: '=', value: 'IfcDoor' },
        {
          any: [
            { field: 'IfcDoor.OverallHeight', op: '>', value: 2.1 },
            { field: 'Pset_DoorCommon.FireRating', op: 'exists' },
          ],
        },
      ],
    });
  });

  it('a saved query reads back into the same query', () => {
    const where = {
      any: [
        { field: 'storey', op: '=' as const, value: 'Level 1' },
        { all: [{ field: 'name', op: 'contains' as const, value: 'door' }] },
      ],
    };
    expect(toWhere(fromWhere(where))).toEqual(where);
  });

  it('replaces and removes items anywhere in the tree', () => {
    const inner = newCondition('name', 'a');
    const group = newGroup('any', [inner]);
    const draft = newGroup('all', [newCondition('type', 'IfcWall'), group]);
    const changed = replaceItem(draft, inner.id, { ...inner, value: 'b' });
    expect(toWhere(changed)).toEqual({
      all: [
        { field: 'type', op: '=', value: 'IfcWall' },
        { any: [{ field: 'name', op: '=', value: 'b' }] },
      ],
    });
    expect(toWhere(replaceItem(draft, group.id, null))).toEqual({
      all: [{ field: 'type', op: '=', value: 'IfcWall' }],
    });
  });
});
