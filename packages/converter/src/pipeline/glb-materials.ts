/**
 * The writer's materials step: a scene material becomes a glTF material (and its texture, image
 * and sampler) the first time a primitive uses it, so unused materials are not written.
 */
import type { SceneMaterial } from '../scene.ts';
import type { GlbBuilder, Json } from './glb-builder.ts';

export class GlbMaterials {
  /** Scene material index -> glTF material index. */
  private readonly written = new Map<number, number>();
  /** Image bytes -> glTF texture index (materials sharing an image share the texture). */
  private readonly textures = new Map<Uint8Array, number>();

  constructor(
    private readonly builder: GlbBuilder,
    private readonly materials: SceneMaterial[],
  ) {}

  /** Number of glTF materials written. */
  get count(): number {
    return this.written.size;
  }

  /** True when the scene material has a texture (its primitives then keep their UVs). */
  textured(index: number): boolean {
    return !!this.materials[index]?.texture;
  }

  /** The glTF material of scene material `index`, written on first use. */
  index(index: number): number {
    const known = this.written.get(index);
    if (known !== undefined) return known;
    const { json } = this.builder;
    const source = this.materials[index]!;
    const pbr: Json = {
      baseColorFactor: source.color.map((c) => Math.round(c * 1e5) / 1e5),
      metallicFactor: source.metallic,
      roughnessFactor: source.roughness,
    };
    if (source.texture) pbr.baseColorTexture = { index: this.texture(source.texture) };
    const material: Json = { name: source.name, pbrMetallicRoughness: pbr };
    if (source.doubleSided) material.doubleSided = true;
    if (source.color[3] < 0.999) material.alphaMode = 'BLEND';
    json.materials.push(material);
    this.written.set(index, json.materials.length - 1);
    return json.materials.length - 1;
  }

  private texture(texture: NonNullable<SceneMaterial['texture']>): number {
    let index = this.textures.get(texture.image);
    if (index !== undefined) return index;
    const { json } = this.builder;
    json.images ??= [];
    json.textures ??= [];
    json.samplers ??= [{ magFilter: 9729, minFilter: 9987, wrapS: 10497, wrapT: 10497 }];
    json.images.push({
      bufferView: this.builder.rawView(texture.image),
      mimeType: texture.mimeType,
    });
    json.textures.push({ sampler: 0, source: json.images.length - 1 });
    index = json.textures.length - 1;
    this.textures.set(texture.image, index);
    return index;
  }
}
