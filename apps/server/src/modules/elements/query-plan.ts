import {
  ELEMENT_QUERY_MAX_CONDITIONS,
  ELEMENT_QUERY_MAX_DEPTH,
  type ElementCondition,
  type ElementQueryOp,
  type ElementWhere,
} from '@truss/contracts';
import { ATTRIBUTES_SET } from './element-rows.ts';
import {
  QueryOperatorInvalidError,
  QueryTooDeepError,
  QueryTooManyConditionsError,
  QueryValueInvalidError,
} from './errors.ts';
import { classWithSubclasses, isIfcClass } from './ifc-classes.ts';

/**
 * A checked query, ready for SQL: every limit and operator checked, names resolved (classes to
 * their subclasses, `Pset.Property` to lower-case keys). Built without recursion, so a body
 * nested deeper than the limit is refused rather than followed.
 */
export type PlanNode =
  | { kind: 'all' | 'any'; items: PlanNode[] }
  | { kind: 'type'; op: 'in' | 'notIn'; classes: string[] }
  | { kind: 'type'; op: 'contains'; text: string }
  | { kind: 'type'; op: 'exists' }
  | { kind: 'text'; column: 'name' | 'storey'; op: ElementQueryOp; text: string | null }
  | {
      kind: 'property';
      pset: string;
      name: string;
      /** `!=`: the element has no value of the property that is equal (one test). */
      negated: boolean;
      /** What one value of the property must pass, every test (`>` and `<` of one range). */
      tests: PropertyTest[];
      /** `IfcDoor.OverallHeight`: the attribute, on elements of that class only. */
      classes: string[] | null;
    };

export interface PropertyTest {
  op: Exclude<ElementQueryOp, '!='>;
  text: string | null;
  num: number | null;
}

type Item = ElementCondition | ElementWhere;

const isGroup = (item: Item): item is ElementWhere => 'all' in item || 'any' in item;

function numeric(value: ElementCondition['value']): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}

function valueText(condition: ElementCondition): string | null {
  const { value } = condition;
  if (condition.op === 'exists') return null;
  if (value === undefined || value === '') throw new QueryValueInvalidError(condition.field);
  return String(value);
}

function planCondition(condition: ElementCondition): PlanNode {
  const { field, op } = condition;
  if (field === 'type' || field === 'name' || field === 'storey') {
    if (op === '<' || op === '>') throw new QueryOperatorInvalidError(field);
    const text = valueText(condition);
    if (field !== 'type') return { kind: 'text', column: field, op, text };
    if (op === 'exists') return { kind: 'type', op };
    if (op === 'contains') return { kind: 'type', op, text: text! };
    return { kind: 'type', op: op === '=' ? 'in' : 'notIn', classes: classWithSubclasses(text!) };
  }
  const dot = field.indexOf('.');
  const set = field.slice(0, dot).trim().toLowerCase();
  const name = field
    .slice(dot + 1)
    .trim()
    .toLowerCase();
  const num = numeric(condition.value);
  if ((op === '<' || op === '>') && num === null) throw new QueryValueInvalidError(field);
  const text = valueText(condition);
  const byClass = set !== ATTRIBUTES_SET && isIfcClass(set);
  return {
    kind: 'property',
    pset: byClass ? ATTRIBUTES_SET : set,
    name,
    negated: op === '!=',
    tests: [
      { op: op === '!=' ? '=' : op, text, num: typeof condition.value === 'boolean' ? null : num },
    ],
    classes: byClass ? classWithSubclasses(set) : null,
  };
}

/**
 * In an AND group, conditions on the same property (`Length > 5` and `Length < 5.5`) become one
 * test of its value: an element has one value per property (element-rows.ts), so that is the same
 * answer, and the index is read once over the range instead of twice over both halves.
 */
function mergeProperties(items: PlanNode[]): PlanNode[] {
  const merged: PlanNode[] = [];
  const byKey = new Map<string, Extract<PlanNode, { kind: 'property' }>>();
  for (const item of items) {
    if (item.kind !== 'property' || item.negated || item.classes) {
      merged.push(item);
      continue;
    }
    const key = `${item.pset}\u0000${item.name}`;
    const first = byKey.get(key);
    if (first) {
      first.tests.push(...item.tests);
    } else {
      const copy = { ...item, tests: [...item.tests] };
      byKey.set(key, copy);
      merged.push(copy);
    }
  }
  return merged;
}

/** Checks the limits and resolves the names of a query's `where`. */
export function planQuery(where: ElementWhere): PlanNode {
  let conditions = 0;
  const root: PlanNode = { kind: 'all', items: [] };
  const stack: { group: ElementWhere; into: PlanNode[]; depth: number }[] = [
    { group: where, into: root.items, depth: 1 },
  ];
  while (stack.length > 0) {
    const { group, into, depth } = stack.pop()!;
    if (depth > ELEMENT_QUERY_MAX_DEPTH) throw new QueryTooDeepError();
    const kind = 'all' in group ? 'all' : 'any';
    const items = ('all' in group ? group.all : group.any) as Item[];
    const node: PlanNode = { kind, items: [] };
    into.push(node);
    for (const item of items) {
      if (isGroup(item)) {
        stack.push({ group: item, into: node.items, depth: depth + 1 });
      } else {
        conditions += 1;
        if (conditions > ELEMENT_QUERY_MAX_CONDITIONS) throw new QueryTooManyConditionsError();
        node.items.push(planCondition(item));
      }
    }
  }
  const merge = (node: PlanNode): PlanNode =>
    node.kind === 'all' || node.kind === 'any'
      ? {
          kind: node.kind,
          items: (node.kind === 'all' ? mergeProperties(node.items) : node.items).map(merge),
        }
      : node;
  return merge(root.items[0]!);
}
