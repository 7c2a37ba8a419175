/**
 * Edits an IFC (STEP) file's text the way a second version of a model would differ from the
 * first, for the version comparison tests: remove an element, move an element, change one
 * property value. Each edit touches only its element (shared placements and properties are
 * copied before they change), so a comparison of the two versions must report exactly the edits.
 */

interface Entity {
  id: number;
  /** Everything after `#id=`, without the closing `;`. */
  body: string;
}

export class IfcText {
  readonly #head: string;
  readonly #tail: string;
  readonly #entities = new Map<number, Entity>();
  #next = 1;

  constructor(text: string) {
    const start = text.indexOf('DATA;');
    const end = text.lastIndexOf('ENDSEC;');
    if (start < 0 || end < start) throw new Error('Not a STEP file (no DATA section).');
    this.#head = text.slice(0, start + 'DATA;'.length);
    this.#tail = text.slice(end);
    for (const statement of splitStatements(text.slice(start + 'DATA;'.length, end))) {
      const match = /^\s*#(\d+)\s*=\s*([\s\S]*)$/.exec(statement);
      if (!match) continue;
      const id = Number(match[1]);
      this.#entities.set(id, { id, body: match[2]!.replace(/\r?\n/g, '') });
      this.#next = Math.max(this.#next, id + 1);
    }
  }

  /** Ids of entities of this IFC class (upper case, `IFCDOOR`). */
  ofType(type: string): number[] {
    return [...this.#entities.values()]
      .filter((entity) => typeOf(entity.body) === type.toUpperCase())
      .map((entity) => entity.id);
  }

  /** Top-level arguments of an entity as their STEP text. */
  args(id: number): string[] {
    const entity = this.#entities.get(id);
    if (!entity) throw new Error(`No entity #${id}.`);
    return splitArguments(entity.body.slice(entity.body.indexOf('(') + 1, -1));
  }

  /** Ids of the entities that reference #id. */
  referrers(id: number): number[] {
    const pattern = new RegExp(`#${id}(?!\\d)`);
    return [...this.#entities.values()]
      .filter((entity) => entity.id !== id && pattern.test(entity.body))
      .map((entity) => entity.id);
  }

  #setArgs(id: number, args: string[]) {
    const entity = this.#entities.get(id)!;
    entity.body = `${entity.body.slice(0, entity.body.indexOf('('))}(${args.join(',')})`;
  }

  #add(body: string): number {
    const id = this.#next++;
    this.#entities.set(id, { id, body });
    return id;
  }

  /**
   * Removes an element: its line, its place in every list that names it (containment, property
   * and material assignments), and the relationships that name it alone (voids, connections).
   */
  remove(id: number): void {
    for (const referrer of this.referrers(id)) {
      const args = this.args(referrer);
      let dropLine = false;
      const edited = args.map((arg) => {
        if (!new RegExp(`#${id}(?!\\d)`).test(arg)) return arg;
        if (!arg.startsWith('(')) {
          dropLine = true;
          return arg;
        }
        const items = splitArguments(arg.slice(1, -1)).filter((item) => item !== `#${id}`);
        if (items.length === 0) dropLine = true;
        return `(${items.join(',')})`;
      });
      if (dropLine) this.#entities.delete(referrer);
      else this.#setArgs(referrer, edited);
    }
    this.#entities.delete(id);
  }

  /**
   * Moves a product by (dx, dy, dz) in its placement's coordinates: a new IfcCartesianPoint,
   * IfcAxis2Placement3D and IfcLocalPlacement for it alone (the old ones may be shared).
   */
  move(id: number, [dx, dy, dz]: [number, number, number]): void {
    const product = this.args(id);
    const placementId = refOf(product[5]!);
    const [relativeTo, axisRef] = this.args(placementId);
    const axis = this.args(refOf(axisRef!));
    const point = this.args(refOf(axis[0]!));
    const coordinates = splitArguments(point[0]!.slice(1, -1)).map(Number);
    const moved = coordinates.map((value, i) => value + [dx, dy, dz][i]!);
    const newPoint = this.#add(`IFCCARTESIANPOINT((${moved.map(stepReal).join(',')}))`);
    const newAxis = this.#add(
      `IFCAXIS2PLACEMENT3D(${[`#${newPoint}`, ...axis.slice(1)].join(',')})`,
    );
    const newPlacement = this.#add(`IFCLOCALPLACEMENT(${relativeTo},#${newAxis})`);
    product[5] = `#${newPlacement}`;
    this.#setArgs(id, product);
  }

  /**
   * Sets the NominalValue of property `name` in the property set `setName` of this element (an
   * occurrence's own set, assigned to it alone) to `value` (STEP text, e.g. `IFCLABEL('EI60')`).
   * The property is copied first, so sets that share it keep their value. Returns the old value.
   */
  setProperty(elementId: number, setName: string, name: string, value: string): string {
    for (const rel of this.ofType('IFCRELDEFINESBYPROPERTIES')) {
      const [, , , , related, setRef] = this.args(rel);
      if (related !== `(#${elementId})`) continue;
      const set = this.args(refOf(setRef!));
      if (unquote(set[2]!) !== setName) continue;
      const properties = splitArguments(set[4]!.slice(1, -1));
      const index = properties.findIndex((ref) => unquote(this.args(refOf(ref))[0]!) === name);
      if (index < 0) continue;
      const property = this.args(refOf(properties[index]!));
      const old = property[2]!;
      property[2] = value;
      properties[index] = `#${this.#add(`IFCPROPERTYSINGLEVALUE(${property.join(',')})`)}`;
      set[4] = `(${properties.join(',')})`;
      this.#setArgs(refOf(setRef!), set);
      return old;
    }
    throw new Error(`#${elementId} has no own property ${setName}.${name}.`);
  }

  toString(): string {
    const lines = [...this.#entities.values()].map((entity) => `#${entity.id}= ${entity.body};`);
    return `${this.#head}\n${lines.join('\n')}\n${this.#tail}`;
  }
}

function typeOf(body: string): string {
  return body.slice(0, body.indexOf('(')).trim().toUpperCase();
}

function refOf(arg: string): number {
  const match = /^#(\d+)$/.exec(arg.trim());
  if (!match) throw new Error(`Not a reference: ${arg}`);
  return Number(match[1]);
}

function unquote(arg: string): string {
  return arg.startsWith("'") ? arg.slice(1, -1).replaceAll("''", "'") : arg;
}

function stepReal(value: number): string {
  const text = String(Math.round(value * 1e9) / 1e9);
  return text.includes('.') || text.includes('e') ? text : `${text}.`;
}

/** Splits the DATA section at `;` outside quoted strings. */
function splitStatements(text: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (c === ';' && !quoted) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  return out;
}

/** Splits an argument list at top-level commas (outside strings and nested parentheses). */
function splitArguments(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  if (text.trim() !== '') out.push(text.slice(from).trim());
  return out;
}
