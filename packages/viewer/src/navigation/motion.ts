/**
 * The person's "reduce motion" setting (prefers-reduced-motion), read at each camera move so a
 * change applies at once. Outside a browser (no matchMedia) motion is allowed.
 */
export function prefersReducedMotion(): boolean {
  const match = (globalThis as { matchMedia?: (query: string) => { matches: boolean } }).matchMedia;
  return typeof match === 'function' && match('(prefers-reduced-motion: reduce)').matches;
}
