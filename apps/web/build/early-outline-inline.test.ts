// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withBodyEndScript } from './early-outline-inline';

describe('withBodyEndScript', () => {
  it('puts the script last in <body>, after the root and the entry', () => {
    const html =
      '<html><head></head><body>\n<div id="root"></div>\n<script type="module" src="/a.js"></script>\n</body></html>';
    const out = withBodyEndScript(html, '<script>x()</script>');
    expect(out.indexOf('<script>x()</script>')).toBeGreaterThan(out.indexOf('/a.js'));
    expect(out.indexOf('<script>x()</script>')).toBeLessThan(out.indexOf('</body>'));
  });

  it('fails the build on a page without a body', () => {
    expect(() => withBodyEndScript('<html></html>', '<script></script>')).toThrow(/no <\/body>/);
  });
});
