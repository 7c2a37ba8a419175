/**
 * 3MF (3D Manufacturing Format) parsed directly: the zip's model part, base materials and colour
 * groups (as vertex colours), components and build items with their transforms. three's
 * 3MFLoader needs querySelectorAll (absent from Node XML DOMs), and a full DOM is slow on
 * multi-megabyte meshes, so a small tag scanner builds a light element tree instead.
 */
import { MalformedFileError, NoGeometryError } from '../errors.ts';
import { identity, multiply, type Mat4 } from '../pipeline/matrix.ts';
import { emptyScene, MaterialTable, srgbToLinear, type Rgba, type SceneModel } from '../scene.ts';
import { extractZip, DEFAULT_ZIP_LIMITS } from '../zip.ts';
import type { ImportContext } from './context.ts';

const UNIT_TO_METRES: Record<string, number> = {
  micron: 1e-6,
  millimeter: 1e-3,
  centimeter: 1e-2,
  inch: 0.0254,
  foot: 0.3048,
  meter: 1,
};

interface Element {
  localName: string;
  attributes: Map<string, string>;
  children: Element[];
  getAttribute(name: string): string | null;
}

function makeElement(qualifiedName: string, attributeText: string): Element {
  const attributes = new Map<string, string>();
  for (const match of attributeText.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1]!, match[2] ?? match[3] ?? '');
  }
  return {
    localName: qualifiedName.includes(':')
      ? qualifiedName.slice(qualifiedName.indexOf(':') + 1)
      : qualifiedName,
    attributes,
    children: [],
    getAttribute: (name) => attributes.get(name) ?? null,
  };
}

/** Parses the XML into a light element tree (no text nodes: 3MF keeps data in attributes). */
function parseXml(text: string): Element | null {
  const root = makeElement('#document', '');
  const stack: Element[] = [root];
  const tag =
    /<(\/?)([\w:.-]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>/g;
  for (const match of text.matchAll(tag)) {
    const [, closing, name, attributes, selfClosing] = match;
    if (!name) continue;
    if (closing) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const element = makeElement(name, attributes ?? '');
    stack[stack.length - 1]!.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  return root.children[0] ?? null;
}

/** Descendants with a local name (depth first), like getElementsByTagName. */
function children(parent: Element | null | undefined, name: string): Element[] {
  const result: Element[] = [];
  const walk = (element: Element) => {
    for (const child of element.children) {
      if (child.localName === name) result.push(child);
      walk(child);
    }
  };
  if (parent) walk(parent);
  return result;
}

/** Direct children with a local name (cheap: skips walking big meshes). */
function direct(parent: Element | null | undefined, name: string): Element[] {
  return parent ? parent.children.filter((child) => child.localName === name) : [];
}

function hexColour(value: string | null): Rgba {
  const hex = (value ?? '#B4B4B4').replace('#', '');
  const channel = (i: number) => parseInt(hex.slice(i, i + 2), 16) / 255;
  const alpha = hex.length >= 8 ? channel(6) : 1;
  return [srgbToLinear(channel(0)), srgbToLinear(channel(2)), srgbToLinear(channel(4)), alpha];
}

function transform(value: string | null): Mat4 {
  const m = identity();
  const v = (value ?? '').trim().split(/\s+/).map(Number);
  if (v.length !== 12 || v.some((n) => !Number.isFinite(n))) return m;
  // 3MF rows are (m00 m01 m02) ... (m30 m31 m32) for row vectors: each row is one matrix column.
  [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14].forEach((target, i) => (m[target] = v[i]!));
  return m;
}

interface ParsedObject {
  name: string | null;
  pieces: { geometry: number; material: number }[];
  components: { objectId: string; matrix: Mat4 }[];
}

export async function import3mf(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  const files = extractZip(bytes, (name) => /\.model$|\.rels$/i.test(name), DEFAULT_ZIP_LIMITS);
  const rels = [...files.entries()].find(([name]) => name.toLowerCase() === '_rels/.rels');
  const target = rels && /Target="\/?([^"]+\.model)"/i.exec(new TextDecoder().decode(rels[1]))?.[1];
  const modelEntry =
    [...files.entries()].find(
      ([name]) => name.toLowerCase() === (target ?? '3d/3dmodel.model').toLowerCase(),
    ) ?? [...files.entries()].find(([name]) => name.toLowerCase().endsWith('.model'));
  if (!modelEntry) throw new MalformedFileError('The 3MF package has no 3D model part.');
  const model = parseXml(new TextDecoder().decode(modelEntry[1]));
  if (!model || model.localName !== 'model')
    throw new MalformedFileError('The 3MF model part is not a <model> document.');
  ctx.progress('parse', 0.3);

  const scene = emptyScene('z');
  const unit = model.getAttribute('unit') || 'millimeter';
  scene.toMetres = UNIT_TO_METRES[unit] ?? 1e-3;
  scene.sourceUnit = unit;
  const materials = new MaterialTable(scene.materials);
  const baseMaterials = new Map<string, Rgba[]>();
  for (const group of children(model, 'basematerials')) {
    baseMaterials.set(
      group.getAttribute('id') ?? '',
      children(group, 'base').map((b) => hexColour(b.getAttribute('displaycolor'))),
    );
  }
  const colourGroups = new Map<string, Rgba[]>();
  for (const group of children(model, 'colorgroup')) {
    colourGroups.set(
      group.getAttribute('id') ?? '',
      children(group, 'color').map((c) => hexColour(c.getAttribute('color'))),
    );
  }
  const materialFor = (colour: Rgba, vertexColours = false) => {
    const key = vertexColours ? 'vertex-colours' : colour.map((c) => c.toFixed(4)).join(',');
    return materials.add(key, () => ({
      name: vertexColours ? 'Vertex colours' : `color-${key}`,
      color: vertexColours ? [1, 1, 1, 1] : colour,
      metallic: 0,
      roughness: 0.7,
      doubleSided: true,
      vertexColors: vertexColours,
    }));
  };

  const objects = new Map<string, ParsedObject>();
  const resources = direct(model, 'resources')[0];
  for (const objectNode of direct(resources, 'object')) {
    const parsed: ParsedObject = {
      name: objectNode.getAttribute('name'),
      pieces: [],
      components: [],
    };
    objects.set(objectNode.getAttribute('id') ?? '', parsed);
    for (const component of children(direct(objectNode, 'components')[0], 'component')) {
      parsed.components.push({
        objectId: component.getAttribute('objectid') ?? '',
        matrix: transform(component.getAttribute('transform')),
      });
    }
    const mesh = direct(objectNode, 'mesh')[0];
    if (!mesh) continue;
    const vertexNodes = direct(direct(mesh, 'vertices')[0], 'vertex');
    const positions = new Float32Array(vertexNodes.length * 3);
    vertexNodes.forEach((v, i) => {
      positions[i * 3] = Number(v.getAttribute('x'));
      positions[i * 3 + 1] = Number(v.getAttribute('y'));
      positions[i * 3 + 2] = Number(v.getAttribute('z'));
    });
    const objectPid = objectNode.getAttribute('pid');
    const objectIndex = Number(objectNode.getAttribute('pindex') ?? 0);
    const byMaterial = new Map<number, number[]>();
    const coloured: { corners: number[]; colours: Rgba[] }[] = [];
    for (const triangle of direct(direct(mesh, 'triangles')[0], 'triangle')) {
      const corners = ['v1', 'v2', 'v3'].map((k) => Number(triangle.getAttribute(k)));
      const pid = triangle.getAttribute('pid') ?? objectPid;
      const p1 = triangle.getAttribute('p1');
      const first = p1 === null ? objectIndex : Number(p1);
      const colours = pid ? colourGroups.get(pid) : undefined;
      if (colours) {
        const p = [
          first,
          Number(triangle.getAttribute('p2') ?? first),
          Number(triangle.getAttribute('p3') ?? first),
        ];
        coloured.push({ corners, colours: p.map((i) => colours[i] ?? [0.7, 0.7, 0.7, 1]) });
        continue;
      }
      const colour = (pid ? baseMaterials.get(pid)?.[first] : undefined) ?? hexColour(null);
      const material = materialFor(colour);
      const list = byMaterial.get(material) ?? [];
      list.push(...corners);
      byMaterial.set(material, list);
    }
    for (const [material, indices] of byMaterial) {
      parsed.pieces.push({
        geometry: scene.geometries.push({ positions, indices: Uint32Array.from(indices) }) - 1,
        material,
      });
    }
    if (coloured.length > 0) {
      // Per-corner colours: one vertex per corner; the writer's welding shares equal ones again.
      const soup = new Float32Array(coloured.length * 9);
      const colors = new Float32Array(coloured.length * 12);
      coloured.forEach(({ corners, colours }, t) => {
        corners.forEach((v, k) => {
          soup.set(positions.subarray(v * 3, v * 3 + 3), (t * 3 + k) * 3);
          colors.set(colours[k]!, (t * 3 + k) * 4);
        });
      });
      const indices = Uint32Array.from({ length: coloured.length * 3 }, (_, i) => i);
      parsed.pieces.push({
        geometry: scene.geometries.push({ positions: soup, colors, indices }) - 1,
        material: materialFor([1, 1, 1, 1], true),
      });
    }
  }
  ctx.progress('parse', 0.8);

  const place = (objectId: string, matrix: Mat4, parent: number | null, depth: number) => {
    const object = objects.get(objectId);
    if (!object || depth > 32) return;
    const element =
      scene.elements.push({
        type: object.components.length > 0 ? 'Assembly' : 'Object',
        name: object.name,
        parent,
      }) - 1;
    for (const piece of object.pieces)
      scene.placements.push({
        element,
        geometry: piece.geometry,
        material: piece.material,
        matrix,
      });
    for (const component of object.components)
      place(component.objectId, multiply(matrix, component.matrix), element, depth + 1);
  };
  const build = direct(model, 'build')[0];
  const root = scene.elements.push({ type: 'Build', name: null, parent: null }) - 1;
  for (const item of direct(build, 'item')) {
    place(item.getAttribute('objectid') ?? '', transform(item.getAttribute('transform')), root, 0);
  }
  if (scene.placements.length === 0)
    throw new NoGeometryError('The 3MF build has no mesh objects.');
  return scene;
}
