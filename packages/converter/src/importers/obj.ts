/**
 * Wavefront OBJ through three's OBJLoader; the MTL companion (mtllib) is read here (colours,
 * opacity, diffuse map) because MTLLoader would try to load images through the DOM.
 */
import { Color, MeshPhongMaterial, SRGBColorSpace, Texture, type Mesh, type Object3D } from 'three';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { MalformedFileError } from '../errors.ts';
import type { SceneModel } from '../scene.ts';
import { ensureThreeNodeEnvironment, withBrowserGlobals } from '../three/node-env.ts';
import { sceneFromThree } from '../three/scene-from-three.ts';
import { findCompanion, type ImportContext } from './context.ts';

interface MtlEntry {
  color?: Color;
  opacity?: number;
  map?: string;
}

function parseMtl(text: string): Map<string, MtlEntry> {
  const materials = new Map<string, MtlEntry>();
  let current: MtlEntry | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [keyword, ...rest] = line.split(/\s+/);
    const key = keyword!.toLowerCase();
    const value = rest.join(' ');
    if (key === 'newmtl') {
      current = {};
      materials.set(value, current);
    } else if (!current) {
      continue;
    } else if (key === 'kd' && rest.length >= 3) {
      current.color = new Color().setRGB(
        Number(rest[0]),
        Number(rest[1]),
        Number(rest[2]),
        SRGBColorSpace,
      );
    } else if (key === 'd') {
      current.opacity = Number(rest[0]);
    } else if (key === 'tr') {
      current.opacity = 1 - Number(rest[0]);
    } else if (key === 'map_kd') {
      // Options (-s, -o, -bm ...) come before the file name, which is the last token.
      current.map = rest[rest.length - 1];
    }
  }
  return materials;
}

export async function importObj(bytes: Uint8Array, ctx: ImportContext): Promise<SceneModel> {
  ensureThreeNodeEnvironment();
  const text = new TextDecoder().decode(bytes);
  let group: Object3D;
  try {
    group = withBrowserGlobals(() => new OBJLoader().parse(text));
  } catch (error) {
    throw new MalformedFileError(`The OBJ file could not be parsed: ${(error as Error).message}`);
  }
  ctx.progress('parse', 0.6);
  const library = new Map<string, MtlEntry>();
  for (const match of text.matchAll(/^\s*mtllib\s+(.+?)\s*$/gm)) {
    const mtl = findCompanion(ctx.companions, match[1]!);
    if (mtl)
      for (const [name, entry] of parseMtl(new TextDecoder().decode(mtl))) library.set(name, entry);
  }
  if (library.size === 0) {
    // No mtllib reference resolved: use any .mtl that came along.
    for (const [name, data] of ctx.companions) {
      if (name.toLowerCase().endsWith('.mtl')) {
        for (const [key, entry] of parseMtl(new TextDecoder().decode(data)))
          library.set(key, entry);
      }
    }
  }
  const replacements = new Map<string, MeshPhongMaterial>();
  group.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh) return;
    const swap = (material: MeshPhongMaterial) => {
      const entry = library.get(material.name);
      if (!entry) return material;
      let replacement = replacements.get(material.name);
      if (!replacement) {
        replacement = new MeshPhongMaterial({
          name: material.name,
          color: entry.color ?? new Color(0.8, 0.8, 0.8),
        });
        if (entry.opacity !== undefined && entry.opacity < 1) {
          replacement.transparent = true;
          replacement.opacity = entry.opacity;
        }
        if (entry.map) {
          replacement.map = new Texture();
          replacement.map.userData.url = entry.map;
        }
        replacement.vertexColors = material.vertexColors;
        replacements.set(material.name, replacement);
      }
      return replacement;
    };
    mesh.material = Array.isArray(mesh.material)
      ? mesh.material.map((m) => swap(m as MeshPhongMaterial))
      : swap(mesh.material as MeshPhongMaterial);
  });
  return sceneFromThree(group, ctx, { upAxis: 'y' });
}
