/** Which renderers count as software rasterizers (the view's canvas then has no MSAA). */
import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from './gl-context.ts';

const UNMASKED_RENDERER_WEBGL = 0x9246;
const RENDERER = 0x1f01;

/** A context that names its renderer `masked`, and `unmasked` through the debug extension. */
function contextNamed(masked: string, unmasked: string | null): WebGL2RenderingContext {
  return {
    RENDERER,
    getExtension: (name: string) =>
      name === 'WEBGL_debug_renderer_info' && unmasked !== null
        ? { UNMASKED_RENDERER_WEBGL }
        : null,
    getParameter: (parameter: number) =>
      parameter === UNMASKED_RENDERER_WEBGL ? unmasked : parameter === RENDERER ? masked : null,
  } as unknown as WebGL2RenderingContext;
}

describe('isSoftwareRenderer', () => {
  it.each([
    [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      true,
    ],
    ['Google SwiftShader', true],
    ['llvmpipe (LLVM 15.0.6, 256 bits)', true],
    ['softpipe', true],
    ['ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)', true],
    ['ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)', false],
    ['Apple M2', false],
    ['Mesa Intel(R) UHD Graphics 620 (KBL GT2)', false],
  ])('%s → %s', (name, software) => {
    expect(isSoftwareRenderer(contextNamed('WebKit WebGL', name))).toBe(software);
  });

  it('reads the plain renderer name where the unmasked one is not offered', () => {
    expect(isSoftwareRenderer(contextNamed('llvmpipe (LLVM 15.0.6, 256 bits)', null))).toBe(true);
    expect(isSoftwareRenderer(contextNamed('WebKit WebGL', null))).toBe(false);
  });
});
