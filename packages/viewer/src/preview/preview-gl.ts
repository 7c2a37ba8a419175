/**
 * Drawing the preview with raw WebGL2: one small program shading like the engine's (Lambert,
 * the same hemisphere and key light, derivative normals, linear colours out as sRGB), the file's
 * bufferViews uploaded as they are (quantized positions stay integers; the node matrix scales
 * them), instances expanded in the vertex shader. Leaves the context's state as WebGL's defaults
 * for the engine, which takes the same context (and resets three's view of it).
 */
import type { Mat4 } from './mat4.ts';
import type { AttributeSource, PreviewDraw } from './preview-scene.ts';

const VERTEX = `#version 300 es
layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;
layout(location = 2) in vec3 instanceTranslation;
layout(location = 3) in vec4 instanceRotation;
layout(location = 4) in vec3 instanceScale;
uniform mat4 model;
uniform mat4 view;
uniform mat4 projection;
out vec3 vViewPosition;
out vec4 vColor;
void main() {
  vec3 local = position * instanceScale;
  vec4 q = instanceRotation;
  local += 2.0 * cross(q.xyz, cross(q.xyz, local) + q.w * local);
  vec4 viewPosition = view * (model * vec4(local + instanceTranslation, 1.0));
  vViewPosition = -viewPosition.xyz;
  vColor = color;
  gl_Position = projection * viewPosition;
}`;

// The engine's lights (core/renderer.ts): a hemisphere light (white over #9ca3af, 2.2) and a key
// light of 1.6 from over the viewer's shoulder, on MeshLambertMaterial (BRDF = colour / pi).
const FRAGMENT = `#version 300 es
precision highp float;
in vec3 vViewPosition;
in vec4 vColor;
uniform vec4 baseColor;
uniform vec3 viewUp;
out vec4 fragColor;
const vec3 SKY = vec3(1.0) * 2.2;
const vec3 GROUND = vec3(0.3325, 0.3663, 0.4286) * 2.2;
const vec3 KEY = vec3(0.23867, 0.55689, 0.79556);
void main() {
  vec3 normal = normalize(cross(dFdx(vViewPosition), dFdy(vViewPosition)));
  vec3 irradiance = mix(GROUND, SKY, 0.5 * dot(normal, viewUp) + 0.5);
  irradiance += 1.6 * max(dot(normal, KEY), 0.0);
  vec4 diffuse = baseColor * vColor;
  vec3 linear = diffuse.rgb * irradiance * 0.3183098862;
  vec3 srgb = mix(pow(linear, vec3(0.41666)) * 1.055 - 0.055, linear * 12.92,
    vec3(lessThanEqual(linear, vec3(0.0031308))));
  fragColor = vec4(srgb, diffuse.a);
}`;

/** The engine's background, #f3f4f6. */
const CLEAR: [number, number, number] = [0xf3 / 255, 0xf4 / 255, 0xf6 / 255];

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  return shader;
}

export interface PreviewGpu {
  /** Deletes what the preview made on the context. */
  dispose(): void;
}

export interface PreviewFrame {
  view: Mat4;
  projection: Mat4;
}

/** The preview's program, compiled and linked (not yet checked: that waits for the GPU). */
export interface PreviewProgram {
  program: WebGLProgram;
  shaders: WebGLShader[];
}

export function createPreviewProgram(gl: WebGL2RenderingContext): PreviewProgram {
  const shaders = [
    compile(gl, gl.VERTEX_SHADER, VERTEX),
    compile(gl, gl.FRAGMENT_SHADER, FRAGMENT),
  ];
  const program = gl.createProgram()!;
  for (const shader of shaders) gl.attachShader(program, shader);
  gl.linkProgram(program);
  return { program, shaders };
}

export function deletePreviewProgram(gl: WebGL2RenderingContext, prepared: PreviewProgram): void {
  gl.deleteProgram(prepared.program);
  for (const shader of prepared.shaders) gl.deleteShader(shader);
}

/**
 * The vertex layout of the batches the converter writes (quantized positions, uint16 indices, no
 * colours, not instanced): what the warm-up draws with (preview.test.ts checks it against the
 * converter's output).
 */
export const WARM_LAYOUT = {
  positionType: 0x1403, // UNSIGNED_SHORT
  positionStride: 8,
  indexType: 0x1403,
} as const;

/**
 * One triangle with `prepared`, in the vertex layout the converter writes (quantized uint16
 * positions, 8-byte stride, uint16 indices, no instances), into a 1×1 framebuffer of the
 * canvas's formats that is deleted again. A software GPU (SwiftShader) compiles its pipeline on
 * the first draw, 50-100 ms of the GPU process (measured): made to happen while the viewable
 * downloads, not after the preview's draw, where the page's next frame waited for it. Nothing
 * reaches the canvas; every call is asynchronous (no wait for the GPU here).
 */
export function warmPreviewProgram(gl: WebGL2RenderingContext, prepared: PreviewProgram): void {
  const framebuffer = gl.createFramebuffer();
  const color = gl.createRenderbuffer();
  const depth = gl.createRenderbuffer();
  const vao = gl.createVertexArray();
  const positions = gl.createBuffer();
  const indices = gl.createBuffer();
  gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
  gl.bindRenderbuffer(gl.RENDERBUFFER, color);
  gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, 1, 1);
  gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, color);
  gl.bindRenderbuffer(gl.RENDERBUFFER, depth);
  gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH24_STENCIL8, 1, 1);
  gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_STENCIL_ATTACHMENT, gl.RENDERBUFFER, depth);
  gl.bindRenderbuffer(gl.RENDERBUFFER, null);
  gl.viewport(0, 0, 1, 1);
  gl.enable(gl.DEPTH_TEST);
  gl.depthFunc(gl.LEQUAL);
  gl.useProgram(prepared.program);
  gl.bindVertexArray(vao);
  gl.bindBuffer(gl.ARRAY_BUFFER, positions);
  gl.bufferData(
    gl.ARRAY_BUFFER,
    new Uint16Array([0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0]),
    gl.STATIC_DRAW,
  );
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 3, WARM_LAYOUT.positionType, false, WARM_LAYOUT.positionStride, 0);
  gl.vertexAttrib4f(1, 1, 1, 1, 1);
  gl.vertexAttrib3f(2, 0, 0, 0);
  gl.vertexAttrib4f(3, 0, 0, 0, 1);
  gl.vertexAttrib3f(4, 1, 1, 1);
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indices);
  gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, new Uint16Array([0, 1, 2]), gl.STATIC_DRAW);
  gl.drawElementsInstanced(gl.TRIANGLES, 3, WARM_LAYOUT.indexType, 0, 1);
  gl.disableVertexAttribArray(0);
  restoreDefaults(gl);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
  gl.deleteBuffer(indices);
  gl.deleteBuffer(positions);
  gl.deleteVertexArray(vao);
  gl.deleteRenderbuffer(depth);
  gl.deleteRenderbuffer(color);
  gl.deleteFramebuffer(framebuffer);
  // Submitted now: ANGLE's Vulkan back end would otherwise hold the commands until the canvas is
  // first read (after the preview's draw), and SwiftShader compile both then.
  gl.flush();
}

/** Uploads the draws' bufferViews, draws one frame and restores WebGL's default state. */
export function drawPreviewFrame(
  gl: WebGL2RenderingContext,
  views: (Uint8Array | null)[],
  draws: PreviewDraw[],
  frame: PreviewFrame,
  prepared: PreviewProgram = createPreviewProgram(gl),
): PreviewGpu {
  const { program } = prepared;
  const buffers = new Map<number, WebGLBuffer>();
  const vao = gl.createVertexArray()!;
  const dispose = () => {
    gl.deleteVertexArray(vao);
    for (const buffer of buffers.values()) gl.deleteBuffer(buffer);
    deletePreviewProgram(gl, prepared);
  };
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    dispose();
    throw new Error(`preview program: ${gl.getProgramInfoLog(program) ?? 'link failed'}`);
  }
  gl.bindVertexArray(vao);
  const buffer = (view: number, target: number) => {
    let made = buffers.get(view);
    if (!made) {
      made = gl.createBuffer()!;
      gl.bindBuffer(target, made);
      gl.bufferData(target, views[view]!, gl.STATIC_DRAW);
      buffers.set(view, made);
    } else gl.bindBuffer(target, made);
    return made;
  };
  const point = (location: number, source: AttributeSource | null, divisor: number) => {
    if (!source) {
      gl.disableVertexAttribArray(location);
      return;
    }
    buffer(source.view, gl.ARRAY_BUFFER);
    gl.enableVertexAttribArray(location);
    // Unnormalized integers (quantized positions) are read as floats of the same value.
    gl.vertexAttribPointer(
      location,
      source.size,
      source.type,
      source.normalized,
      source.stride,
      source.offset,
    );
    gl.vertexAttribDivisor(location, divisor);
  };

  gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
  gl.clearColor(CLEAR[0], CLEAR[1], CLEAR[2], 1);
  gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
  gl.enable(gl.DEPTH_TEST);
  gl.depthFunc(gl.LEQUAL);
  gl.useProgram(program);
  const uniform = (name: string) => gl.getUniformLocation(program, name);
  gl.uniformMatrix4fv(uniform('view'), false, Float32Array.from(frame.view));
  gl.uniformMatrix4fv(uniform('projection'), false, Float32Array.from(frame.projection));
  // World up (Y) in view space: the hemisphere light's direction.
  gl.uniform3f(uniform('viewUp'), frame.view[4]!, frame.view[5]!, frame.view[6]!);
  const modelAt = uniform('model');
  const colorAt = uniform('baseColor');
  const ordered = [...draws.filter((d) => !d.blend), ...draws.filter((d) => d.blend)];
  for (const draw of ordered) {
    if (draw.blend) {
      gl.enable(gl.BLEND);
      gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      gl.depthMask(false);
    }
    gl.uniformMatrix4fv(modelAt, false, Float32Array.from(draw.matrix));
    gl.uniform4fv(colorAt, draw.baseColor);
    point(0, draw.position, 0);
    point(1, draw.color, 0);
    if (!draw.color) gl.vertexAttrib4f(1, 1, 1, 1, 1);
    const instances = draw.instances;
    point(2, instances?.translation ?? null, 1);
    point(3, instances?.rotation ?? null, 1);
    point(4, instances?.scale ?? null, 1);
    if (!instances?.translation) gl.vertexAttrib3f(2, 0, 0, 0);
    if (!instances?.rotation) gl.vertexAttrib4f(3, 0, 0, 0, 1);
    if (!instances?.scale) gl.vertexAttrib3f(4, 1, 1, 1);
    const count = instances?.count ?? 1;
    if (draw.indices) {
      buffer(draw.indices.view, gl.ELEMENT_ARRAY_BUFFER);
      const { type, offset } = draw.indices;
      gl.drawElementsInstanced(gl.TRIANGLES, draw.indices.count, type, offset, count);
    } else gl.drawArraysInstanced(gl.TRIANGLES, 0, draw.count, count);
  }
  // WebGL's defaults again: the engine's three.js takes this context next.
  for (let location = 0; location < 5; location++) {
    gl.vertexAttribDivisor(location, 0);
    gl.disableVertexAttribArray(location);
  }
  restoreDefaults(gl);
  gl.disable(gl.BLEND);
  gl.depthMask(true);
  gl.blendFunc(gl.ONE, gl.ZERO);
  gl.clearColor(0, 0, 0, 0);
  return { dispose };
}

/** WebGL's defaults for what the warm-up and the frame both set: the engine takes the context. */
function restoreDefaults(gl: WebGL2RenderingContext): void {
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  gl.useProgram(null);
  gl.disable(gl.DEPTH_TEST);
  gl.depthFunc(gl.LESS);
  for (let location = 1; location < 5; location++) gl.vertexAttrib4f(location, 0, 0, 0, 1);
}
