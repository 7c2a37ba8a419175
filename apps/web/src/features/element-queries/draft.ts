import type { ElementCondition, ElementQueryOp, ElementWhere } from '@truss/contracts';

/** What the query panel edits: groups of conditions, each with a stable id for React keys. */
export interface DraftCondition {
  id: string;
  kind: 'condition';
  /** `type`, `name`, `storey`, or `Pset.Property`. */
  field: string;
  op: ElementQueryOp;
  value: string;
}

export interface DraftGroup {
  id: string;
  kind: 'group';
  mode: 'all' | 'any';
  items: (DraftCondition | DraftGroup)[];
}

let counter = 0;
const nextId = () => `q${++counter}`;

export function newCondition(field = 'type', value = ''): DraftCondition {
  return { id: nextId(), kind: 'condition', field, op: '=', value };
}

export function newGroup(
  mode: 'all' | 'any' = 'all',
  items: (DraftCondition | DraftGroup)[] = [newCondition()],
): DraftGroup {
  return { id: nextId(), kind: 'group', mode, items };
}

function conditionValue(condition: DraftCondition): ElementCondition['value'] {
  if (condition.op === 'exists') return undefined;
  const text = condition.value.trim();
  if ((condition.op === '<' || condition.op === '>') && text !== '' && Number.isFinite(+text)) {
    return Number(text);
  }
  return text;
}

/** The API's `where` for a draft (conditions without a field are left out). */
export function toWhere(group: DraftGroup): ElementWhere {
  const items = group.items.flatMap((item): (ElementCondition | ElementWhere)[] => {
    if (item.kind === 'group') return [toWhere(item)];
    if (!item.field.trim()) return [];
    const value = conditionValue(item);
    return [{ field: item.field.trim(), op: item.op, ...(value === undefined ? {} : { value }) }];
  });
  return group.mode === 'all' ? { all: items } : { any: items };
}

/** A saved query's `where` as a draft to edit. */
export function fromWhere(where: ElementWhere): DraftGroup {
  const mode = 'all' in where ? 'all' : 'any';
  const items = 'all' in where ? where.all : where.any;
  return {
    id: nextId(),
    kind: 'group',
    mode,
    items: items.map((item) =>
      'all' in item || 'any' in item
        ? fromWhere(item)
        : {
            id: nextId(),
            kind: 'condition' as const,
            field: item.field,
            op: item.op,
            value: item.value === undefined ? '' : String(item.value),
          },
    ),
  };
}

/** The draft with `id` replaced by `next` (null removes it). */
export function replaceItem(
  group: DraftGroup,
  id: string,
  next: DraftCondition | DraftGroup | null,
): DraftGroup {
  const items: (DraftCondition | DraftGroup)[] = [];
  for (const item of group.items) {
    if (item.id === id) {
      if (next) items.push(next);
    } else {
      items.push(item.kind === 'group' ? replaceItem(item, id, next) : item);
    }
  }
  return { ...group, items };
}
