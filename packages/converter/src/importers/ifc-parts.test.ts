/**
 * A model meshed in parts (ifc-parts.ts: each part a STEP file of its own that web-ifc opens
 * alone) has exactly the meshes, colours and places web-ifc gives the whole file: real models
 * with openings, mapped items, styled items and material colours, cut into parts of a few
 * products so that every kind of entity crosses a part's edge.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SceneModel } from '../scene.ts';
import { HAVE_SAMPLES, sample } from '../testing/samples.ts';
import type { ImportContext } from './context.ts';
import { importIfc } from './ifc.ts';
import { PartIndex, writePartFile } from './ifc-parts.ts';
import { StepFile, StepRef } from './step.ts';

/** A sample as the conversion reads a file: in pieces, from disk. */
function file(relative: string) {
  const path = sample(relative);
  return { path, size: statSync(path).size };
}

function context(): ImportContext {
  return {
    filename: 'model.ifc',
    companions: new Map(),
    progress: () => undefined,
    checkAbort: () => undefined,
    maxTriangles: 50_000_000,
  };
}

const digest = (...arrays: ArrayBufferView[]) => {
  const hash = createHash('sha1');
  for (const array of arrays) {
    hash.update(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }
  return hash.digest('hex');
};

type Geometry = NonNullable<SceneModel['planOnly']>['geometries'][number];

/**
 * A mesh's surface: its vertex and triangle counts, its area and its extent. Not its bytes:
 * web-ifc's triangulation of a face may start at another corner when entities it shares with
 * other products were read in another order (one slab of Duplex: 40 of its 52 triangles the
 * same, the same area to the last digit).
 */
function surface(g: Geometry): string {
  const p = g.positions;
  let area = 0;
  for (let t = 0; t < g.indices.length; t += 3) {
    const [a, b, c] = [g.indices[t]! * 3, g.indices[t + 1]! * 3, g.indices[t + 2]! * 3];
    const u = [p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!];
    const v = [p[c]! - p[a]!, p[c + 1]! - p[a + 1]!, p[c + 2]! - p[a + 2]!];
    area +=
      Math.hypot(
        u[1]! * v[2]! - u[2]! * v[1]!,
        u[2]! * v[0]! - u[0]! * v[2]!,
        u[0]! * v[1]! - u[1]! * v[0]!,
      ) / 2;
  }
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3]!, p[i]!);
    max[i % 3] = Math.max(max[i % 3]!, p[i]!);
  }
  const extent = [...min, ...max].map((n) => n.toFixed(5)).join(',');
  return `${p.length / 3}v ${g.indices.length / 3}t ${area.toPrecision(10)} ${extent}`;
}

/** Every placed mesh as text (element, colour, exact matrix, surface), sorted. */
function placed(
  placements: NonNullable<SceneModel['planOnly']>['placements'],
  geometries: Geometry[],
  scene: SceneModel,
  coloured = true,
): string[] {
  return placements
    .map((p) => {
      const colour = coloured ? scene.materials[p.material]?.color.join(',') : '';
      const element = scene.elements[p.element]?.expressId;
      const matrix = [...(p.matrix ?? [])].join(',');
      return `${element}|${colour}|${matrix}|${surface(geometries[p.geometry]!)}`;
    })
    .sort();
}

describe.skipIf(!HAVE_SAMPLES)('an IFC meshed in parts', () => {
  it.each([
    ['ifc/duplex.ifc', 9],
    ['ifc/AC20-FZK-Haus.ifc', 7],
    ['ifc/Office_A_20110811.ifc', 40],
    ['ifc/IfcOpenHouse_IFC4.ifc', 3],
    ['ifc/tested_sample_project.ifc', 5],
    ['ifc/ISSUE_021_Mini_Project.ifc', 50],
    ['ifc/example.ifc', 6],
  ])(
    '%s: the same meshes, colours and places as the whole file',
    async (name, size) => {
      const whole = await importIfc(file(name), context());
      const parts = await importIfc(file(name), context(), { partProducts: size });
      expect(parts.placements.length).toBeGreaterThan(size * 2);
      expect(placed(parts.placements, parts.geometries, parts)).toEqual(
        placed(whole.placements, whole.geometries, whole),
      );
      // The spaces the storey plans label rooms with, too.
      expect(placed(parts.planOnly!.placements, parts.planOnly!.geometries, parts, false)).toEqual(
        placed(whole.planOnly!.placements, whole.planOnly!.geometries, whole, false),
      );
      // Identical content is kept once, across parts as in the whole file.
      expect(parts.geometries.length).toBe(whole.geometries.length);
      // The semantics are read from the STEP index either way.
      expect(parts.elements).toEqual(whole.elements);
      expect(parts.storeys).toEqual(whole.storeys);
      expect(parts.schema).toBe(whole.schema);
      expect(parts.sourceUnit).toBe(whole.sourceUnit);
    },
    120_000,
  );

  it('gives the same scene whatever the size of the parts', async () => {
    const small = await importIfc(file('ifc/duplex.ifc'), context(), { partProducts: 4 });
    const large = await importIfc(file('ifc/duplex.ifc'), context(), { partProducts: 60 });
    expect(small.placements.map((p) => [p.element, p.geometry, p.material])).toEqual(
      large.placements.map((p) => [p.element, p.geometry, p.material]),
    );
    expect(small.geometries.map((g) => digest(g.positions, g.indices))).toEqual(
      large.geometries.map((g) => digest(g.positions, g.indices)),
    );
  }, 120_000);
});

/** Two walls, each placed and drawn, a style, a void and a material. */
const TWO_WALLS = `ISO-10303-21;
HEADER;FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');FILE_SCHEMA(('IFC4'));ENDSEC;
DATA;
#1=IFCPROJECT('p',$,'Project;with ''quotes''',$,$,$,$,(#2),#3);
#2=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#4,$);
#3=IFCUNITASSIGNMENT((#5));
#4=IFCAXIS2PLACEMENT3D(#6,$,$);
#5=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#6=IFCCARTESIANPOINT((0.,0.,0.));
#10=IFCWALL('a',$,'A',$,$,#11,#12,$,$);
#11=IFCLOCALPLACEMENT($,#4);
#12=IFCPRODUCTDEFINITIONSHAPE($,$,(#14));
#13=IFCSTYLEDITEM(#15,(#16),$);
#14=IFCSHAPEREPRESENTATION(#2,'Body','SweptSolid',(#15));
#15=IFCEXTRUDEDAREASOLID($,$,$,1.);
#16=IFCSURFACESTYLE('#99 is not a ref',.BOTH.,());
#20=IFCWALL('b',$,'B',$,$,#11,#21,$,$);
#21=IFCPRODUCTDEFINITIONSHAPE($,$,(#22));
#22=IFCSHAPEREPRESENTATION(#2,'Body','SweptSolid',(#23));
#23=IFCEXTRUDEDAREASOLID($,$,$,2.);
#30=IFCRELVOIDSELEMENT('v',$,$,$,#20,#31);
#31=IFCOPENINGELEMENT('o',$,$,$,$,#11,$,$,$);
#40=IFCRELASSOCIATESMATERIAL('m',$,$,$,(#10,#20),#41);
#41=IFCMATERIAL('Brick',$,$);
#42=IFCMATERIALDEFINITIONREPRESENTATION($,$,(#43),#41);
#43=IFCSTYLEDREPRESENTATION(#2,$,$,(#44));
#44=IFCSTYLEDITEM($,(#16),$);
#50=IFCSTYLEDITEM(#23,(#20),$);
ENDSEC;
END-ISO-10303-21;
`;

describe('the entities of a part', () => {
  const step = new StepFile(new TextEncoder().encode(TWO_WALLS));
  const index = new PartIndex(step);
  const walls = (id: number) => step.typeOf(id) === 'IFCWALL';

  it("are a product's attributes, its styles, voids and material colours, and the project", () => {
    // Not wall #20, which the material relation #40 lists too, nor #20's opening.
    expect(index.partEntities([10], walls)).toEqual([
      1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 15, 16, 40, 41, 42, 43, 44,
    ]);
    expect(index.partEntities([20], walls)).toEqual([
      1, 2, 3, 4, 5, 6, 11, 16, 20, 21, 22, 23, 30, 31, 40, 41, 42, 43, 44, 50,
    ]);
  });

  it('are refused when they would take in a product of another part', () => {
    // #20's item styled by an entity that (wrongly) names wall #10: #10 would be meshed twice.
    const crossing = TWO_WALLS.replace('IFCSTYLEDITEM(#23,(#20),$)', 'IFCSTYLEDITEM(#23,(#10),$)');
    const other = new StepFile(new TextEncoder().encode(crossing));
    expect(new PartIndex(other).partEntities([20], walls)).toBeNull();
    expect(new PartIndex(other).partEntities([10, 20], walls)).not.toBeNull();
  });

  it('are written as a STEP file of their own, with the header and their ids', () => {
    const ids = index.partEntities([10], walls)!;
    const bytes = writePartFile(step, ids);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('ISO-10303-21;\nHEADER;FILE_DESCRIPTION')).toBe(true);
    expect(text).toContain("\n#1=IFCPROJECT('p',$,'Project;with ''quotes''',$,$,$,$,(#2),#3);\n");
    expect(text.endsWith('ENDSEC;\nEND-ISO-10303-21;\n')).toBe(true);
    const part = new StepFile(bytes);
    expect(part.count).toBe(ids.length);
    for (const id of ids) expect(part.args(id)).toEqual(step.args(id));
  });
});

describe.skipIf(!HAVE_SAMPLES)('a model whose parts would overlap', () => {
  it('is meshed whole, each product once', async () => {
    // IfcOpenHouse with one more styled item on a wall's shape that names another wall: a part
    // with the first wall would take in the second, which web-ifc would then mesh twice.
    const text = readFileSync(sample('ifc/IfcOpenHouse_IFC4.ifc'), 'latin1');
    const step = new StepFile(new TextEncoder().encode(text));
    const [first, second] = step.idsOfType('IFCWALL', 'IFCWALLSTANDARDCASE');
    const ref = (value: unknown) => (value instanceof StepRef ? value.id : null);
    const shape = ref(step.args(first!)![6]);
    const representation = ref((step.args(shape!)![2] as unknown[])[0]);
    const item = ref((step.args(representation!)![3] as unknown[])[0]);
    const extra = `#9999999=IFCSTYLEDITEM(#${item},(#${second}),$);\n`;
    const bytes = new TextEncoder().encode(
      text.replace(/\nENDSEC;\s*\nEND-ISO/, `\n${extra}ENDSEC;\nEND-ISO`),
    );
    expect(
      new PartIndex(new StepFile(bytes)).partEntities([first!], (id) => id === second),
    ).toBeNull();
    const whole = await importIfc(bytes, context());
    const parts = await importIfc(bytes, context(), { partProducts: 1 });
    expect(placed(parts.placements, parts.geometries, parts)).toEqual(
      placed(whole.placements, whole.geometries, whole),
    );
  }, 60_000);
});
