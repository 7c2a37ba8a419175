/**
 * Model materials patched (onBeforeCompile) to read the per-element state texture by
 * `_ELEMENT_ID`: hidden elements collapse in the vertex shader, colour overrides and the selection
 * highlight apply in the fragment shader, and in x-ray mode the opaque pass drops the ghosted
 * (non-selected) elements that a second, transparent pass draws, as it does for elements ghosted
 * one by one (FLAG_GHOST). No batch is ever split.
 */
import * as THREE from 'three';
import { STATE_WIDTH } from './element-state.ts';
import { MATERIAL_ATTRIBUTE, TABLE_WIDTH } from './merge.ts';

/** Uniforms shared (by reference) by every patched material of one viewer. */
export interface SharedUniforms {
  elementState: { value: THREE.Texture | null };
  xrayOn: { value: number };
  /** 1 while the frame-rate guard drops small elements. */
  hideSmall: { value: number };
  highlightColor: { value: THREE.Color };
  ghostColor: { value: THREE.Color };
}

export function createSharedUniforms(): SharedUniforms {
  return {
    elementState: { value: null },
    xrayOn: { value: 0 },
    hideSmall: { value: 0 },
    // The app's primary blue and a cool grey for ghosts (linear, like material colours).
    highlightColor: { value: new THREE.Color(0x2563eb) },
    ghostColor: { value: new THREE.Color(0x94a3b8) },
  };
}

/** Which elements a material draws: opaque = not ghosted, ghost = ghosted, edges = all visible. */
type ModelPass = 'opaque' | 'ghost' | 'edges';
const PASS_VALUE: Record<ModelPass, number> = { opaque: 0, ghost: 1, edges: 2 };

/** Per-vertex ids are `elementId`, per-instance ids `instanceElementId` (renamed on load). */
export const ELEMENT_ATTRIBUTE = 'elementId';
export const INSTANCE_ELEMENT_ATTRIBUTE = 'instanceElementId';
/** Edges of instanced meshes carry their instance matrices as an attribute. */
export const EDGE_INSTANCE_MATRIX = 'edgeInstanceMatrix';

const VERTEX_PARS = /* glsl */ `
uniform sampler2D elementState;
uniform float xrayOn;
uniform float hideSmall;
#ifdef EDGE_INSTANCED
attribute mat4 ${EDGE_INSTANCE_MATRIX};
#endif
#if defined(USE_INSTANCING) || defined(EDGE_INSTANCED)
attribute float ${INSTANCE_ELEMENT_ATTRIBUTE};
#define TRUSS_ELEMENT_ID ${INSTANCE_ELEMENT_ATTRIBUTE}
#else
attribute float ${ELEMENT_ATTRIBUTE};
#define TRUSS_ELEMENT_ID ${ELEMENT_ATTRIBUTE}
#endif
flat varying vec4 vElementState;
#ifdef TRUSS_TABLE
uniform sampler2D materialTable;
attribute float ${MATERIAL_ATTRIBUTE};
flat varying vec4 vTrussMaterial;
#endif
#ifdef TRUSS_MIXED_NORMALS
flat varying float vTrussFlat;
#endif
`;

const VERTEX_MAIN = /* glsl */ `
{
  #ifdef TRUSS_TABLE
  int trussMaterialId = int(${MATERIAL_ATTRIBUTE} + 0.5);
  vTrussMaterial = texelFetch(materialTable, ivec2(trussMaterialId % ${TABLE_WIDTH}, trussMaterialId / ${TABLE_WIDTH}), 0);
  #endif
  #ifdef TRUSS_MIXED_NORMALS
  // Parts without normals carry zero ones: shaded flat, as their own batch was.
  vTrussFlat = dot(objectNormal, objectNormal) < 0.25 ? 1.0 : 0.0;
  #endif
  int trussId = int(TRUSS_ELEMENT_ID + 0.5);
  vec4 trussState = texelFetch(elementState, ivec2(trussId % ${STATE_WIDTH}, trussId / ${STATE_WIDTH}), 0);
  int trussFlags = int(trussState.a * 255.0 + 0.5);
  bool trussGhost = (xrayOn > 0.5 && (trussFlags & 2) == 0) || (trussFlags & 16) != 0;
  bool trussDraw = (trussFlags & 1) == 0 && !(hideSmall > 0.5 && (trussFlags & 8) != 0);
  #if TRUSS_PASS == 0
  trussDraw = trussDraw && !trussGhost;
  #elif TRUSS_PASS == 1
  trussDraw = trussDraw && trussGhost;
  #endif
  // Outside the clip volume: the element's triangles collapse and draw nothing.
  if (!trussDraw) gl_Position = vec4(0.0, 0.0, -2.0, 1.0);
  vElementState = trussState;
}
`;

const FRAGMENT_PARS = /* glsl */ `
uniform vec3 highlightColor;
uniform vec3 ghostColor;
flat varying vec4 vElementState;
#ifdef TRUSS_TABLE
flat varying vec4 vTrussMaterial;
#endif
#ifdef TRUSS_MIXED_NORMALS
flat varying float vTrussFlat;
#endif
`;

const FRAGMENT_NORMAL = /* glsl */ `
#ifdef TRUSS_MIXED_NORMALS
if (vTrussFlat > 0.5) normal = normalize(cross(dFdx(vViewPosition), dFdy(vViewPosition)));
#endif
`;

const FRAGMENT_COLOR = /* glsl */ `
{
  int trussFlags = int(vElementState.a * 255.0 + 0.5);
  #if TRUSS_PASS == 1
  // A ghosted element with a colour (a removed one in a version comparison) shows it, fainter.
  if ((trussFlags & 20) == 20) diffuseColor = vec4(pow(vElementState.rgb, vec3(2.2)), 0.4);
  else diffuseColor = vec4(ghostColor, 0.12);
  #else
  #ifdef TRUSS_TABLE
  diffuseColor *= vTrussMaterial;
  #endif
  if ((trussFlags & 4) != 0) diffuseColor.rgb = pow(vElementState.rgb, vec3(2.2));
  if ((trussFlags & 2) != 0) diffuseColor.rgb = mix(diffuseColor.rgb, highlightColor, 0.7);
  #endif
}
`;

/** Adds the element-state logic to a built-in material (Lambert, Basic, LineBasic, ...). */
function patchMaterial<M extends THREE.Material>(
  material: M,
  uniforms: SharedUniforms,
  pass: ModelPass,
  options: { edgeInstanced?: boolean; table?: THREE.Texture; mixedNormals?: boolean } = {},
): M {
  material.defines = { ...material.defines, TRUSS_PASS: PASS_VALUE[pass] };
  if (options.edgeInstanced) material.defines.EDGE_INSTANCED = '';
  if (options.table) material.defines.TRUSS_TABLE = '';
  if (options.mixedNormals) material.defines.TRUSS_MIXED_NORMALS = '';
  const table = options.table ? { materialTable: { value: options.table } } : {};
  material.onBeforeCompile = (shader) => {
    Object.assign(shader.uniforms, uniforms, table);
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', `#include <common>\n${VERTEX_PARS}`)
      .replace(
        '#include <project_vertex>',
        `${options.edgeInstanced ? `transformed = (${EDGE_INSTANCE_MATRIX} * vec4(transformed, 1.0)).xyz;\n` : ''}#include <project_vertex>\n${VERTEX_MAIN}`,
      );
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${FRAGMENT_PARS}`)
      .replace('#include <color_fragment>', `#include <color_fragment>\n${FRAGMENT_COLOR}`)
      .replace(
        '#include <normal_fragment_begin>',
        `#include <normal_fragment_begin>\n${FRAGMENT_NORMAL}`,
      );
  };
  const key = `truss-${pass}-${options.edgeInstanced ? 1 : 0}-${options.table ? 1 : 0}-${options.mixedNormals ? 1 : 0}`;
  material.customProgramCacheKey = () => key;
  return material;
}

/** The opaque model material replacing a glTF one: Lambert (cheap on software renderers). */
export function modelMaterial(source: THREE.Material, uniforms: SharedUniforms): THREE.Material {
  const from = source as THREE.MeshStandardMaterial;
  const material = new THREE.MeshLambertMaterial({
    color: from.color ?? new THREE.Color(0xcccccc),
    map: from.map ?? null,
    opacity: from.opacity,
    transparent: from.transparent,
    side: THREE.DoubleSide,
    vertexColors: from.vertexColors,
    flatShading: from.flatShading,
    alphaTest: from.alphaTest,
  });
  material.name = from.name;
  if (material.transparent) {
    material.depthWrite = false;
    // three draws transparent double-sided materials twice (back, then front): one call is enough.
    material.forceSinglePass = true;
  }
  return patchMaterial(material, uniforms, 'opaque');
}

/**
 * The material of a merged mesh (merge.ts): white Lambert whose colour and opacity come from the
 * model's material table, by the vertex's material index.
 */
export function tableMaterial(
  table: THREE.Texture,
  uniforms: SharedUniforms,
  options: { transparent: boolean; smooth: boolean; mixedNormals: boolean },
): THREE.Material {
  const material = new THREE.MeshLambertMaterial({
    color: 0xffffff,
    side: THREE.DoubleSide,
    transparent: options.transparent,
    flatShading: !options.smooth,
  });
  material.name = options.transparent ? 'truss-table-transparent' : 'truss-table';
  material.userData.materialTable = table;
  if (options.transparent) {
    material.depthWrite = false;
    material.forceSinglePass = true;
  }
  return patchMaterial(material, uniforms, 'opaque', {
    table,
    mixedNormals: options.smooth && options.mixedNormals,
  });
}

export function ghostMaterial(uniforms: SharedUniforms): THREE.Material {
  return patchMaterial(
    new THREE.MeshBasicMaterial({
      transparent: true,
      depthWrite: false,
      side: THREE.DoubleSide,
      forceSinglePass: true,
    }),
    uniforms,
    'ghost',
  );
}

export function edgeMaterial(
  uniforms: SharedUniforms,
  instanced: boolean,
): THREE.LineBasicMaterial {
  return patchMaterial(
    new THREE.LineBasicMaterial({ color: 0x1f2937, transparent: true, opacity: 0.55 }),
    uniforms,
    'edges',
    { edgeInstanced: instanced },
  );
}
