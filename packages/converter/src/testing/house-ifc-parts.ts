/**
 * The pieces of the generated house (house-ifc.ts) that are not its layout: number formatting,
 * its 17 surface styles, Revit's wide-flange profile and the STEP file around the entities.
 */

export const f = (value: number) => (Number.isInteger(value) ? `${value}.` : String(value));
/** Lengths are given in millimetres and written in metres (the file's unit, as Revit writes). */
export const m = (millimetres: number) => f(millimetres / 1000);

/** The 17 surface styles: name, sRGB colour, transparency. */
export const STYLES: [string, number, number, number, number][] = [
  ['Concrete', 0.7, 0.7, 0.68, 0],
  ['Brick', 0.62, 0.3, 0.22, 0],
  ['Plaster', 0.93, 0.92, 0.88, 0],
  ['Timber frame', 0.45, 0.32, 0.2, 0],
  ['Glazing', 0.55, 0.75, 0.85, 0.6],
  ['Door leaf', 0.8, 0.7, 0.55, 0],
  ['Door frame', 0.3, 0.3, 0.32, 0],
  ['Roof tiles', 0.5, 0.18, 0.12, 0],
  ['Steel', 0.4, 0.42, 0.45, 0],
  ['Timber beam', 0.6, 0.45, 0.3, 0],
  ['Railing', 0.15, 0.15, 0.15, 0],
  ['Stair', 0.75, 0.74, 0.7, 0],
  ['Floor tiles', 0.85, 0.8, 0.7, 0],
  ['Curtain glass', 0.4, 0.6, 0.7, 0.4],
  ['Aluminium', 0.75, 0.77, 0.8, 0],
  ['Furniture', 0.55, 0.35, 0.2, 0],
  ['Sanitary', 0.97, 0.97, 0.97, 0],
];

/** Revit's W410X60 section (duplex.ifc): polylines and quarter circles, clockwise arcs. */
export function wideFlangeProfile(entity: (text: string) => number): number {
  const point = (x: number, y: number) => entity(`IFCCARTESIANPOINT((${m(x)},${m(y)}))`);
  const segment = (curve: number, sense = '.T.') =>
    entity(`IFCCOMPOSITECURVESEGMENT(.CONTINUOUS.,${sense},#${curve})`);
  const line = (...xy: number[]) =>
    segment(entity(`IFCPOLYLINE((#${point(xy[0]!, xy[1]!)},#${point(xy[2]!, xy[3]!)}))`));
  const arc = (cx: number, cy: number, direction: number, to: number) => {
    const centre = entity(`IFCAXIS2PLACEMENT2D(#${point(cx, cy)},#${direction})`);
    const circle = entity(`IFCCIRCLE(#${centre},0.0172)`);
    const trimmed = entity(
      `IFCTRIMMEDCURVE(#${circle},(IFCPARAMETERVALUE(270.)),(IFCPARAMETERVALUE(${m(to)})),.T.,.PARAMETER.)`,
    );
    return segment(trimmed, '.F.');
  };
  const [px, nx, py, ny] = [
    entity('IFCDIRECTION((1.,0.))'),
    entity('IFCDIRECTION((-1.,0.))'),
    entity('IFCDIRECTION((0.,1.))'),
    entity('IFCDIRECTION((0.,-1.))'),
  ];
  const segments = [
    line(-89, -190.7, -89, -203.5),
    line(-89, -203.5, 89, -203.5),
    line(89, -203.5, 89, -190.7),
    line(89, -190.7, 21.05, -190.7),
    arc(21.05, -173.5, ny, 360),
    line(3.85, -173.5, 3.85, 173.5),
    arc(21.05, 173.5, nx, 360),
    line(21.05, 190.7, 89, 190.7),
    line(89, 190.7, 89, 203.5),
    line(89, 203.5, -89, 203.5),
    line(-89, 203.5, -89, 190.7),
    line(-89, 190.7, -21.05, 190.7),
    arc(-21.05, 173.5, py, 0),
    line(-3.85, 173.5, -3.85, -173.5),
    arc(-21.05, -173.5, px, 0),
    line(-21.05, -190.7, -89, -190.7),
  ];
  return entity(`IFCCOMPOSITECURVE((${segments.map((c) => `#${c}`).join(',')}),.F.)`);
}

/** The entity lines wrapped in an IFC4 STEP file's header and data sections. */
export function stepFile(lines: string[]): string {
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');",
    "FILE_NAME('house.ifc','2026-01-01T00:00:00',('Truss'),('Truss'),'Truss house generator','Truss tests','');",
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    ...lines,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}
