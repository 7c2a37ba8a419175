// The IFC class table the element query uses is what web-ifc's schema gives, and it knows the
// subclasses a query for a class must find.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ifcClassParents, render, ROLES } from './ifc-classes.mjs';

describe('generated IFC class table', () => {
  const pairs = ifcClassParents();

  it('is up to date with web-ifc (node scripts/ifc-classes.mjs regenerates it)', () => {
    for (const role of ROLES) expect(readFileSync(role.file, 'utf8')).toBe(render(pairs, role));
  });

  it('keeps the products and the type objects, each under its own root', () => {
    const [products, types] = ROLES.map((role) => render(pairs, role));
    expect(products).toContain("['ifcwallstandardcase', 'ifcwall'],");
    expect(products).toContain("['ifcdoor', 'ifcbuildingelement'],");
    expect(products).not.toContain("'ifcdoortype'");
    expect(types).toContain("['ifcdoortype', 'ifcbuildingelementtype'],");
    expect(types).not.toContain("['ifcwall',");
  });

  it('has the superclasses of every schema', () => {
    const parents = (child) => pairs.filter(([c]) => c === child).map(([, p]) => p);
    expect(parents('ifcwallstandardcase')).toEqual(['ifcwall']);
    expect(parents('ifcdoorstandardcase')).toEqual(['ifcdoor']);
    // IFC2X3/IFC4 call it IfcBuildingElement, IFC4X3 IfcBuiltElement.
    expect(parents('ifcwall').sort()).toEqual(['ifcbuildingelement', 'ifcbuiltelement']);
    expect(pairs.length).toBeGreaterThan(900);
  });
});
