/**
 * A big IFC meshed in parts: web-ifc holds a whole opened model in its WASM memory (some twice
 * the file: 469 MiB for the 226 MiB file of the 200,000-element tower), and that memory never
 * shrinks. Past PART_PRODUCTS products, each part is a small STEP file of its own: a slice of the
 * products with every entity their geometry needs, written from the STEP index (step.ts) and
 * opened, meshed and closed one after the other, so web-ifc holds one part at a time.
 *
 * What a product's mesh needs, as web-ifc reads it (its IfcCache and geometry loader): the
 * entities its attributes lead to (placement chain, representation, items, mapped items), and
 * four relations it looks up the other way: the IfcStyledItem of a representation item (colour),
 * the IfcRelAssociatesMaterial of a product and the IfcMaterialDefinitionRepresentation of a
 * material (colour when no style), the IfcRelVoidsElement of a product (openings cut out). The
 * project and its units (web-ifc's length scale) go into every part.
 */
import { refs } from './ifc-lines.ts';
import type { StepFile } from './step.ts';

/** Products per part: web-ifc's memory then stays near that of a 25,000-element model. */
export const PART_PRODUCTS = 25_000;

/** Relations followed only to what the product needs, not to the other products they list. */
const MATERIAL_RELATION = 'IFCRELASSOCIATESMATERIAL';
/** IfcRelAssociatesMaterial's attributes: OwnerHistory (1) and RelatingMaterial (5). */
const MATERIAL_RELATION_FOLLOWED = [1, 5];

/** Inverse lookups web-ifc makes while meshing, built once per file. */
export class PartIndex {
  private readonly styledByItem = new Map<number, number[]>();
  private readonly voidsByElement = new Map<number, number[]>();
  private readonly materialsByObject = new Map<number, number[]>();
  private readonly definitionsByMaterial = new Map<number, number[]>();
  /** The project and what it refers to (units, contexts), written into every part. */
  private readonly shared: number[];

  constructor(private readonly step: StepFile) {
    const add = (map: Map<number, number[]>, key: number, id: number) => {
      const list = map.get(key);
      if (list) list.push(id);
      else map.set(key, [id]);
    };
    for (const id of step.idsOfType('IFCSTYLEDITEM')) {
      const item = refAt(step, id, 0);
      if (item !== null) add(this.styledByItem, item, id);
    }
    for (const id of step.idsOfType('IFCRELVOIDSELEMENT')) {
      const element = refAt(step, id, 4);
      if (element !== null) add(this.voidsByElement, element, id);
    }
    for (const id of step.idsOfType(MATERIAL_RELATION)) {
      for (const object of refsAt(step, id, 4)) add(this.materialsByObject, object, id);
    }
    for (const id of step.idsOfType('IFCMATERIALDEFINITIONREPRESENTATION')) {
      const material = refAt(step, id, 3);
      if (material !== null) add(this.definitionsByMaterial, material, id);
    }
    this.shared = [...this.closure(step.idsOfType('IFCPROJECT'), new Set())];
  }

  /**
   * The entities a part of these products needs, in file order: the products, what their
   * geometry and colour take, and the project. `meshed` are the ids of every product type web-ifc
   * streams: one reached that is not in `products` would be meshed twice (null is returned, and
   * the caller meshes the model whole).
   */
  partEntities(products: number[], meshed: (id: number) => boolean): number[] | null {
    const own = new Set(products);
    const ids = this.closure(products, own);
    for (const id of this.shared) ids.add(id);
    for (const id of ids) if (!own.has(id) && meshed(id)) return null;
    return this.inFileOrder(ids);
  }

  /**
   * The first entity of each type and the project, in file order: a small file web-ifc opens for
   * the schema's attribute names (IfcLines), which the semantics are read by, without opening the
   * whole model. Its references to entities left out are never followed (no geometry is asked).
   */
  schemaEntities(): number[] {
    const ids = new Set(this.shared);
    for (const type of this.step.typeNames) {
      const first = this.step.firstOfType(type);
      if (first !== null) ids.add(first);
    }
    return this.inFileOrder(ids);
  }

  private inFileOrder(ids: Set<number>): number[] {
    return [...ids].sort((a, b) => this.step.order(a) - this.step.order(b));
  }

  private closure(seeds: number[], products: Set<number>): Set<number> {
    const step = this.step;
    const seen = new Set<number>();
    const stack = [...seeds];
    const follow = (ref: number) => {
      if (!seen.has(ref)) stack.push(ref);
    };
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id) || !step.has(id)) continue;
      seen.add(id);
      if (step.typeOf(id) === MATERIAL_RELATION) {
        for (const index of MATERIAL_RELATION_FOLLOWED) refsAt(step, id, index).forEach(follow);
      } else {
        step.forEachRef(id, follow);
      }
      this.styledByItem.get(id)?.forEach(follow);
      this.definitionsByMaterial.get(id)?.forEach(follow);
      if (products.has(id)) {
        this.voidsByElement.get(id)?.forEach(follow);
        this.materialsByObject.get(id)?.forEach(follow);
      }
    }
    return seen;
  }
}

/**
 * A STEP file of these entities (in file order), with the source's header: what web-ifc opens
 * for one part. Entities keep their ids; references to entities left out stay as they are (the
 * relations above list other parts' products, which web-ifc only keys its maps by).
 */
export function writePartFile(step: StepFile, ids: number[]): Uint8Array {
  const tail = new TextEncoder().encode('ENDSEC;\nEND-ISO-10303-21;\n');
  let length = step.dataStart + 1 + tail.length;
  for (const id of ids) length += step.entityLength(id);
  // One buffer, the entities copied into it from the source: a part of 25,000 products has some
  // 250,000 entities, and a small array per entity was 170 MiB of garbage per part.
  const bytes = new Uint8Array(length);
  bytes.set(step.source.read(0, step.dataStart), 0);
  let offset = step.dataStart;
  bytes[offset++] = 0x0a;
  for (const id of ids) offset = step.writeEntity(id, bytes, offset);
  bytes.set(tail, offset);
  return bytes;
}

/** `items` in slices of at most `size`. */
export function slices<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The references in one attribute (a reference or a list of them). */
function refsAt(step: StepFile, id: number, index: number): number[] {
  return refs(step.args(id)?.[index]);
}

function refAt(step: StepFile, id: number, index: number): number | null {
  return refsAt(step, id, index)[0] ?? null;
}
