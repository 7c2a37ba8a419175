/**
 * A generated multi-storey IFC4 house like the models that broke the draw-call budget (several
 * storeys, 17 surface styles, glazing): per storey a slab, brick and plaster walls, windows and
 * doors (mapped items of their types, so they instance), round steel columns on square plates,
 * a railing of round balusters under a box rail, tables with round legs, washbasins, a round
 * window beside the square ones, a curtain wall, steel/timber/precast sections with bearing
 * plates; a roof with a round chimney on top. Exercises instancing (more pairs than the cap),
 * transparency and many materials at once. web-ifc meshes all of these flat; geometry that comes
 * out smooth-shaded beside flat geometry of the same material (as in duplex's beams and glass
 * doors), the other source of extra draws, is built directly in draw-budget.test.ts.
 * About 230 KB for 4 storeys, deterministic, written in memory.
 */

import { f, m, STYLES, stepFile, wideFlangeProfile } from './house-ifc-parts.ts';

export interface HouseOptions {
  storeys: number;
}

export function houseIfc(options: HouseOptions = { storeys: 4 }): string {
  const lines: string[] = [];
  let next = 1;
  let guids = 1;
  const entity = (text: string): number => {
    lines.push(`#${next}= ${text};`);
    return next++;
  };
  const root = () => `'${(guids++).toString(36).padStart(22, '0')}',$`;

  const origin = entity('IFCCARTESIANPOINT((0.,0.,0.))');
  const zAxis = entity('IFCDIRECTION((0.,0.,1.))');
  const xAxis = entity('IFCDIRECTION((1.,0.,0.))');
  const world = entity(`IFCAXIS2PLACEMENT3D(#${origin},#${zAxis},#${xAxis})`);
  const origin2d = entity('IFCCARTESIANPOINT((0.,0.))');
  const profilePlacement = entity(`IFCAXIS2PLACEMENT2D(#${origin2d},$)`);
  const context = entity(`IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#${world},$)`);
  const body = entity(
    `IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,#${context},$,.MODEL_VIEW.,$)`,
  );
  const length = entity('IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)');
  const radian = entity('IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.)');
  const dimensions = entity('IFCDIMENSIONALEXPONENTS(0,0,0,0,0,0,0)');
  const degreeFactor = entity(
    `IFCMEASUREWITHUNIT(IFCPLANEANGLEMEASURE(0.0174532925199433),#${radian})`,
  );
  const degree = entity(
    `IFCCONVERSIONBASEDUNIT(#${dimensions},.PLANEANGLEUNIT.,'DEGREE',#${degreeFactor})`,
  );
  const units = entity(`IFCUNITASSIGNMENT((#${length},#${degree}))`);
  const project = entity(`IFCPROJECT(${root()},'House',$,$,$,$,(#${context}),#${units})`);

  const styles = new Map<string, number>();
  for (const [name, r, g, b, transparency] of STYLES) {
    const colour = entity(`IFCCOLOURRGB($,${f(r)},${f(g)},${f(b)})`);
    const rendering = entity(
      `IFCSURFACESTYLERENDERING(#${colour},${f(transparency)},$,$,$,$,$,$,.FLAT.)`,
    );
    styles.set(name, entity(`IFCSURFACESTYLE('${name}',.BOTH.,(#${rendering}))`));
  }
  const position = (x: number, y: number, z: number) => {
    if (!x && !y && !z) return world;
    const point = entity(`IFCCARTESIANPOINT((${m(x)},${m(y)},${m(z)}))`);
    return entity(`IFCAXIS2PLACEMENT3D(#${point},#${zAxis},#${xAxis})`);
  };
  const wideFlange = () => wideFlangeProfile(entity);
  /**
   * A styled solid rising h from (x, y, z): a w x d box (an extrusion: flat faces), or a round
   * bar of radius r (a swept disk, as exporters write railings and pipes), or a wide-flange
   * section h long along x (Revit's W410X60 profile with its filleted composite curve).
   */
  const solid = (
    style: string,
    shape: { w: number; d: number } | { r: number } | { flange: true },
    at: number[],
  ) => {
    const [x = 0, y = 0, z = 0, h = 1] = at;
    let item: number;
    if ('flange' in shape) {
      const profile = entity(`IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,$,#${wideFlange()})`);
      item = entity(`IFCEXTRUDEDAREASOLID(#${profile},#${position(x, y, z)},#${xAxis},${m(h)})`);
    } else if ('r' in shape) {
      const from = entity(`IFCCARTESIANPOINT((${m(x)},${m(y)},${m(z)}))`);
      const to = entity(`IFCCARTESIANPOINT((${m(x)},${m(y)},${m(z + h)}))`);
      const line = entity(`IFCPOLYLINE((#${from},#${to}))`);
      item = entity(`IFCSWEPTDISKSOLID(#${line},${m(shape.r)},$,$,$)`);
    } else {
      const profile = entity(
        `IFCRECTANGLEPROFILEDEF(.AREA.,$,#${profilePlacement},${m(shape.w)},${m(shape.d)})`,
      );
      item = entity(`IFCEXTRUDEDAREASOLID(#${profile},#${position(x, y, z)},#${zAxis},${m(h)})`);
    }
    entity(`IFCSTYLEDITEM(#${item},(#${styles.get(style)!}),$)`);
    return item;
  };
  const shapeOf = (items: number[]) => {
    const representation = entity(
      `IFCSHAPEREPRESENTATION(#${body},'Body','SweptSolid',(${items.map((i) => `#${i}`).join(',')}))`,
    );
    return entity(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${representation}))`);
  };
  /** A type's geometry as a representation map, instanced by mapped items. */
  const mapOf = (items: number[]) => {
    const representation = entity(
      `IFCSHAPEREPRESENTATION(#${body},'Body','SweptSolid',(${items.map((i) => `#${i}`).join(',')}))`,
    );
    return entity(`IFCREPRESENTATIONMAP(#${world},#${representation})`);
  };
  const mapped = (map: number) => {
    const operator = entity(`IFCCARTESIANTRANSFORMATIONOPERATOR3D($,$,#${origin},1.,$)`);
    const item = entity(`IFCMAPPEDITEM(#${map},#${operator})`);
    const representation = entity(
      `IFCSHAPEREPRESENTATION(#${body},'Body','MappedRepresentation',(#${item}))`,
    );
    return entity(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${representation}))`);
  };

  const windowMap = mapOf([
    solid('Timber frame', { w: 1200, d: 100 }, [0, 0, 900, 1500]),
    solid('Glazing', { w: 1040, d: 20 }, [0, 0, 980, 1340]),
  ]);
  const doorMap = mapOf([
    solid('Door frame', { w: 1000, d: 120 }, [0, 0, 0, 2150]),
    solid('Door leaf', { w: 900, d: 50 }, [0, 60, 0, 2100]),
    solid('Door leaf', { r: 25 }, [350, 100, 1000, 120]),
  ]);
  const columnMap = mapOf([
    solid('Steel', { r: 150 }, [0, 0, 0, 3000]),
    solid('Steel', { w: 400, d: 400 }, [0, 0, 0, 20]),
  ]);
  const balusterMap = mapOf([solid('Railing', { r: 20 }, [0, 0, 0, 1000])]);

  const sitePlacement = entity(`IFCLOCALPLACEMENT($,#${world})`);
  const site = entity(`IFCSITE(${root()},'Site',$,$,#${sitePlacement},$,$,.ELEMENT.,$,$,$,$,$)`);
  const buildingPlacement = entity(`IFCLOCALPLACEMENT(#${sitePlacement},#${world})`);
  const building = entity(
    `IFCBUILDING(${root()},'House',$,$,#${buildingPlacement},$,$,.ELEMENT.,$,$,$)`,
  );
  entity(`IFCRELAGGREGATES(${root()},$,$,#${project},(#${site}))`);
  entity(`IFCRELAGGREGATES(${root()},$,$,#${site},(#${building}))`);

  const W = 12_000;
  const D = 9_000;
  const H = 3_000;
  const storeyIds: number[] = [];
  for (let s = 0; s <= options.storeys; s++) {
    const roof = s === options.storeys;
    const elevation = s * H;
    const storeyPlacement = entity(
      `IFCLOCALPLACEMENT(#${buildingPlacement},#${position(0, 0, elevation)})`,
    );
    const storey = entity(
      `IFCBUILDINGSTOREY(${root()},'${roof ? 'Roof' : `Level ${s}`}',$,$,#${storeyPlacement},$,$,.ELEMENT.,${m(elevation)})`,
    );
    storeyIds.push(storey);
    const contained: number[] = [];
    const product = (kind: string, name: string, shape: number, x = 0, y = 0, tail = '') => {
      const placement = entity(`IFCLOCALPLACEMENT(#${storeyPlacement},#${position(x, y, 0)})`);
      const id = entity(`${kind}(${root()},'${name}',$,$,#${placement},#${shape},$${tail})`);
      contained.push(id);
      return id;
    };
    if (roof) {
      product(
        'IFCROOF',
        'Roof',
        shapeOf([solid('Roof tiles', { w: W, d: D }, [W / 2, D / 2, 0, 300])]),
        0,
        0,
        ',.GABLE_ROOF.',
      );
      product(
        'IFCCHIMNEY',
        'Chimney',
        shapeOf([
          solid('Roof tiles', { r: 300 }, [W - 2000, D - 2000, 300, 1500]),
          solid('Concrete', { w: 800, d: 800 }, [W - 2000, D - 2000, 1800, 100]),
        ]),
        0,
        0,
        ',.NOTDEFINED.',
      );
      break;
    }
    product(
      'IFCSLAB',
      `Floor ${s}`,
      shapeOf([solid('Concrete', { w: W, d: D }, [W / 2, D / 2, -250, 250])]),
      0,
      0,
      ',.FLOOR.',
    );
    product(
      'IFCCOVERING',
      `Tiles ${s}`,
      shapeOf([solid('Floor tiles', { w: W - 400, d: D - 400 }, [W / 2, D / 2, 0, 20])]),
      0,
      0,
      ',.FLOORING.',
    );
    // Exterior brick walls with plaster lining, interior plaster walls.
    const walls: [number, number, number, number][] = [
      [W / 2, 100, W, 200],
      [W / 2, D - 100, W, 200],
      [100, D / 2, 200, D],
      [W - 100, D / 2, 200, D],
    ];
    walls.forEach(([x, y, w, d], i) => {
      product(
        'IFCWALL',
        `Wall ${s}-${i}`,
        shapeOf([
          solid('Brick', { w, d }, [x, y, 0, H - 250]),
          solid('Plaster', { w: w === 200 ? 20 : w - 400, d: d === 200 ? 20 : d - 400 }, [
            x + (w === 200 ? (x < W / 2 ? 110 : -110) : 0),
            y + (d === 200 ? (y < D / 2 ? 110 : -110) : 0),
            0,
            H - 250,
          ]),
        ]),
        0,
        0,
        ',.STANDARD.',
      );
    });
    product(
      'IFCWALL',
      `Partition ${s}`,
      shapeOf([solid('Plaster', { w: 120, d: D - 400 }, [W / 2, D / 2, 0, H - 250])]),
      0,
      0,
      ',.PARTITIONING.',
    );
    for (let i = 0; i < 6; i++) {
      product(
        'IFCWINDOW',
        `Window ${s}-${i}`,
        mapped(windowMap),
        1500 + i * 1800,
        100,
        ',1500.,1200.,.WINDOW.,.SINGLE_PANEL.,$',
      );
    }
    product(
      'IFCWINDOW',
      `Round window ${s}`,
      shapeOf([
        solid('Timber frame', { r: 450 }, [W - 100, 2000, 1200, 80]),
        solid('Glazing', { r: 400 }, [W - 100, 2000, 1280, 20]),
      ]),
      0,
      0,
      ',800.,800.,.WINDOW.,.SINGLE_PANEL.,$',
    );
    for (let i = 0; i < 3; i++) {
      product(
        'IFCDOOR',
        `Door ${s}-${i}`,
        mapped(doorMap),
        2500 + i * 3000,
        D / 2,
        ',2100.,900.,.DOOR.,.SINGLE_SWING_LEFT.,$',
      );
    }
    for (let i = 0; i < 4; i++) {
      product(
        'IFCCOLUMN',
        `Column ${s}-${i}`,
        mapped(columnMap),
        3000 + i * 2000,
        D / 2 + 1500,
        ',.COLUMN.',
      );
    }
    product(
      'IFCBEAM',
      `Beam ${s}`,
      shapeOf([
        solid('Timber beam', { w: W - 400, d: 200 }, [W / 2, D / 2 + 1500, H - 550, 300]),
        solid('Timber beam', { r: 40 }, [W / 2, D / 2 + 1500, H - 600, 50]),
      ]),
      0,
      0,
      ',.BEAM.',
    );
    // Sections of steel, timber, precast concrete, aluminium... with a bearing plate each (one
    // length per storey, so never instanced).
    [
      'Steel',
      'Timber beam',
      'Concrete',
      'Brick',
      'Aluminium',
      'Railing',
      'Glazing',
      'Furniture',
    ].forEach((style, k) => {
      const y = 1200 + k * 900;
      const span = W - 1200 - s * 150;
      const section = solid(style, { flange: true }, [600, y, H - 450, span]);
      const plate = solid(style, { w: 300, d: 200 + s * 10 }, [600 + span, y, H - 460, 10]);
      product('IFCBEAM', `${style} section ${s}`, shapeOf([section, plate]), 0, 0, ',.BEAM.');
    });
    // A curtain wall: glass panes between aluminium mullions (boxes and round caps).
    product(
      'IFCCURTAINWALL',
      `Curtain wall ${s}`,
      shapeOf([
        solid('Curtain glass', { w: 20, d: 3000 }, [W + 200, D / 2, 100, H - 400]),
        solid('Curtain glass', { r: 300 }, [W + 200, D / 2 + 2000, 100, 20]),
        solid('Aluminium', { w: 60, d: 60 }, [W + 200, D / 2 - 1500, 0, H - 250]),
        solid('Aluminium', { w: 60, d: 60 }, [W + 200, D / 2 + 1500, 0, H - 250]),
        solid('Aluminium', { r: 40 }, [W + 200, D / 2, H - 250, 40]),
      ]),
      0,
      0,
      ',.NOTDEFINED.',
    );
    // Balcony railing: round balusters (instanced) and a box rail with round posts.
    for (let i = 0; i < 12; i++) {
      product(
        'IFCRAILING',
        `Baluster ${s}-${i}`,
        mapped(balusterMap),
        1000 + i * 200,
        -800,
        ',.BALUSTRADE.',
      );
    }
    product(
      'IFCRAILING',
      `Rail ${s}`,
      shapeOf([
        solid('Railing', { w: 2400, d: 60 }, [2100, -800, 1000, 50]),
        solid('Railing', { r: 30 }, [900, -800, 0, 1050]),
      ]),
      0,
      0,
      ',.HANDRAIL.',
    );
    product(
      'IFCSTAIR',
      `Stair ${s}`,
      shapeOf(
        Array.from({ length: 8 }, (_, k) =>
          solid('Stair', { w: 1000, d: 280 }, [W - 800, 1000 + k * 280, k * 170, 170]),
        ),
      ),
      0,
      0,
      ',.STRAIGHT_RUN_STAIR.',
    );
    product(
      'IFCFURNITURE',
      `Table ${s}`,
      shapeOf([
        solid('Furniture', { w: 1600, d: 900 }, [4000, 3000, 720, 40]),
        ...[
          [-700, -350],
          [700, -350],
          [-700, 350],
          [700, 350],
        ].map(([dx, dy]) => solid('Furniture', { r: 30 }, [4000 + dx!, 3000 + dy!, 0, 720])),
      ]),
      0,
      0,
      ',$',
    );
    product(
      'IFCSANITARYTERMINAL',
      `Basin ${s}`,
      shapeOf([
        solid('Sanitary', { r: 250 }, [1000, D - 600, 800, 150]),
        solid('Sanitary', { w: 600, d: 400 }, [1000, D - 500, 0, 800]),
        solid('Steel', { r: 15 }, [1000, D - 300, 950, 150]),
      ]),
      0,
      0,
      ',.WASHHANDBASIN.',
    );
    entity(
      `IFCRELCONTAINEDINSPATIALSTRUCTURE(${root()},$,$,(${contained.map((c) => `#${c}`).join(',')}),#${storey})`,
    );
  }
  entity(
    `IFCRELAGGREGATES(${root()},$,$,#${building},(${storeyIds.map((s) => `#${s}`).join(',')}))`,
  );
  return stepFile(lines);
}
