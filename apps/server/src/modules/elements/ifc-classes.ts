import { IFC_PRODUCT_CLASS_PARENTS } from './ifc-product-classes.generated.ts';
import { IFC_TYPE_CLASS_PARENTS } from './ifc-type-classes.generated.ts';

// The classes an element or its type can have; geometry and resource classes never are one.
const IFC_CLASS_PARENTS = [...IFC_PRODUCT_CLASS_PARENTS, ...IFC_TYPE_CLASS_PARENTS];

/** Direct subclasses of each IFC class (lower case), from the generated tables. */
const children = new Map<string, string[]>();
for (const [child, parent] of IFC_CLASS_PARENTS) {
  const list = children.get(parent);
  if (list) list.push(child);
  else children.set(parent, [child]);
}
const known = new Set(IFC_CLASS_PARENTS.flat());

/** Is this (any case) the name of an IFC product or type class of IFC2X3, IFC4 or IFC4X3? */
export function isIfcClass(name: string): boolean {
  return known.has(name.toLowerCase());
}

/**
 * The class and every class below it, in lower case (`IfcWall` -> ifcwall, ifcwallstandardcase,
 * ifcwallelementedcase). A name that is no IFC class stands for itself (`Mesh` of other formats).
 */
export function classWithSubclasses(name: string): string[] {
  const root = name.toLowerCase();
  const result = new Set([root]);
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (!result.has(child)) {
        result.add(child);
        queue.push(child);
      }
    }
  }
  return [...result].sort();
}
