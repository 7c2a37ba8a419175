// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inlineScript, withBodyEndScript, withHeadScripts } from './inline-scripts';

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

describe('the model page shell', () => {
  it('puts the scripts first in <head>', () => {
    const html = '<!doctype html><html lang="en">\n  <head>\n    <meta charset="UTF-8" />';
    expect(withHeadScripts(html, [inlineScript('a()'), inlineScript('b()')])).toBe(
      '<!doctype html><html lang="en">\n  <head>\n    <script>a()</script>\n    <script>b()</script>\n    <meta charset="UTF-8" />',
    );
    expect(() => withHeadScripts('<body></body>', [])).toThrow(/no <head>/);
  });

  it.each(['x="</script>"', "y='</SCRIPT'", 'z="<!--"'])(
    'refuses code that would end or change the script element (%s)',
    (code) => {
      expect(() => inlineScript(code)).toThrow(/<\/script/);
    },
  );
});
