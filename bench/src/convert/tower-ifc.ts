/**
 * A synthetic IFC4 tower for the large-model bench: N storeys x M elements per storey.
 *
 * - spatial structure: IfcProject / IfcSite / IfcBuilding / IfcBuildingStorey (IfcRelAggregates),
 *   elements contained per storey (IfcRelContainedInSpatialStructure);
 * - one IfcSlab per storey, then walls (IfcWall, each its own IfcExtrudedAreaSolid of an
 *   IfcRectangleProfileDef, in a handful of lengths and two orientations), windows and doors
 *   (IfcWindow / IfcDoor whose Body is an IfcMappedItem of their type's IfcRepresentationMap,
 *   two styled parts each: so instancing is exercised);
 * - properties: one IfcPropertySet per element (IfcRelDefinesByProperties), an
 *   IfcElementQuantity per wall, type property sets via IfcRelDefinesByType.
 *
 * Written as a stream of lines, so a 50,000-element tower never sits in memory as a string.
 * Lengths are in millimetres (IfcSIUnit MILLI METRE), like most exports.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

interface TowerOptions {
  storeys: number;
  /** Elements per storey, the slab included. */
  perStorey: number;
  /**
   * A second version of the same tower (same GlobalIds): of every `every` products, one wall is
   * left out, one door is moved 300 mm along x and one wall's Pset_WallCommon.Reference changes.
   */
  revision?: { every: number };
}

export interface TowerFile {
  path: string;
  bytes: number;
  /** Products with geometry (slabs, walls, windows, doors). */
  products: number;
  storeys: number;
  /** What `revision` changed (empty without it), by GlobalId. */
  revised: { removed: string[]; moved: string[]; changed: string[] };
}

const GUID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** Deterministic 22-character IFC GlobalIds. */
function guid(n: number): string {
  let x = (n * 2654435761) >>> 0;
  let y = (n * 40503 + 12345) >>> 0;
  let out = '';
  for (let i = 0; i < 22; i++) {
    const value = i % 2 ? x : y;
    out += GUID_CHARS[(value >>> ((i * 3) % 26)) & 63];
    x = Math.imul(x ^ (x >>> 13), 0x5bd1e995) >>> 0;
    y = (y + 0x9e3779b9 + i) >>> 0;
  }
  return `${'0123'[n % 4]}${out.slice(1)}`;
}

const f = (value: number) => (Number.isInteger(value) ? `${value}.` : String(value));

export async function writeTowerIfc(path: string, options: TowerOptions): Promise<TowerFile> {
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  let buffered: string[] = [];
  let bufferedLength = 0;
  let bytes = 0;
  const write = async (text: string) => {
    buffered.push(text);
    bufferedLength += text.length;
    bytes += text.length;
    if (bufferedLength > 1 << 20) {
      const chunk = buffered.join('');
      buffered = [];
      bufferedLength = 0;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  };
  let next = 1;
  let guids = 1;
  /** Writes `#id= TEXT;` and returns the id. */
  const entity = async (text: string): Promise<number> => {
    const id = next++;
    await write(`#${id}= ${text};\n`);
    return id;
  };
  const root = () => `'${guid(guids++)}',$`;
  const revised: TowerFile['revised'] = { removed: [], moved: [], changed: [] };
  const every = options.revision?.every ?? 0;

  await write(
    [
      'ISO-10303-21;',
      'HEADER;',
      "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');",
      `FILE_NAME('tower.ifc','2026-01-01T00:00:00',('Truss'),('Truss'),'Truss tower generator','Truss bench','');`,
      "FILE_SCHEMA(('IFC4'));",
      'ENDSEC;',
      'DATA;',
      '',
    ].join('\n'),
  );

  // Shared geometry helpers.
  const origin = await entity('IFCCARTESIANPOINT((0.,0.,0.))');
  const zAxis = await entity('IFCDIRECTION((0.,0.,1.))');
  const xAxis = await entity('IFCDIRECTION((1.,0.,0.))');
  const yAxis = await entity('IFCDIRECTION((0.,1.,0.))');
  const worldPlacement = await entity(`IFCAXIS2PLACEMENT3D(#${origin},#${zAxis},#${xAxis})`);
  const origin2d = await entity('IFCCARTESIANPOINT((0.,0.))');
  const profilePlacement = await entity(`IFCAXIS2PLACEMENT2D(#${origin2d},$)`);
  const context = await entity(
    `IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#${worldPlacement},$)`,
  );
  const body = await entity(
    `IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,#${context},$,.MODEL_VIEW.,$)`,
  );
  const length = await entity('IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.)');
  const area = await entity('IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.)');
  const volume = await entity('IFCSIUNIT(*,.VOLUMEUNIT.,$,.CUBIC_METRE.)');
  const units = await entity(`IFCUNITASSIGNMENT((#${length},#${area},#${volume}))`);
  const project = await entity(`IFCPROJECT(${root()},'Tower',$,$,$,$,(#${context}),#${units})`);

  const style = async (name: string, r: number, g: number, b: number, transparency: number) => {
    const colour = await entity(`IFCCOLOURRGB($,${f(r)},${f(g)},${f(b)})`);
    const rendering = await entity(
      `IFCSURFACESTYLERENDERING(#${colour},${f(transparency)},$,$,$,$,$,$,.FLAT.)`,
    );
    return entity(`IFCSURFACESTYLE('${name}',.BOTH.,(#${rendering}))`);
  };
  const frameStyle = await style('Frame', 0.35, 0.3, 0.25, 0);
  const glassStyle = await style('Glass', 0.55, 0.75, 0.85, 0.6);
  const slabStyle = await style('Concrete', 0.7, 0.7, 0.68, 0);

  /** An extruded box: w x d profile centred on the position, extruded h upwards. */
  const box = async (w: number, d: number, h: number, x = 0, y = 0, z = 0) => {
    const profile = await entity(
      `IFCRECTANGLEPROFILEDEF(.AREA.,$,#${profilePlacement},${f(w)},${f(d)})`,
    );
    let position = worldPlacement;
    if (x || y || z) {
      const point = await entity(`IFCCARTESIANPOINT((${f(x)},${f(y)},${f(z)}))`);
      position = await entity(`IFCAXIS2PLACEMENT3D(#${point},#${zAxis},#${xAxis})`);
    }
    return entity(`IFCEXTRUDEDAREASOLID(#${profile},#${position},#${zAxis},${f(h)})`);
  };
  const styled = (item: number, surface: number) =>
    entity(`IFCSTYLEDITEM(#${item},(#${surface}),$)`);
  const singleValue = (name: string, value: string) =>
    entity(`IFCPROPERTYSINGLEVALUE('${name}',$,${value},$)`);

  /** A door or window type: two styled parts in a representation map, and a type pset. */
  const productType = async (
    kind: 'IFCDOORTYPE' | 'IFCWINDOWTYPE',
    name: string,
    width: number,
    height: number,
    sill: number,
  ) => {
    const frame = await box(width, 120, height, 0, 0, sill);
    await styled(frame, frameStyle);
    const pane = await box(width - 160, 40, height - 160, 0, 100, sill + 80);
    await styled(pane, kind === 'IFCWINDOWTYPE' ? glassStyle : frameStyle);
    const representation = await entity(
      `IFCSHAPEREPRESENTATION(#${body},'Body','SweptSolid',(#${frame},#${pane}))`,
    );
    const map = await entity(`IFCREPRESENTATIONMAP(#${worldPlacement},#${representation})`);
    const typeProperties = [
      await singleValue('Reference', `IFCIDENTIFIER('${name}')`),
      await singleValue('FireRating', `IFCLABEL('EI30')`),
      await singleValue('ThermalTransmittance', 'IFCTHERMALTRANSMITTANCEMEASURE(1.1)'),
    ];
    const pset = await entity(
      `IFCPROPERTYSET(${root()},'${kind === 'IFCDOORTYPE' ? 'Pset_DoorCommon' : 'Pset_WindowCommon'}',$,(${typeProperties.map((p) => `#${p}`).join(',')}))`,
    );
    const predefined =
      kind === 'IFCDOORTYPE' ? '.DOOR.,.SINGLE_SWING_LEFT.' : '.WINDOW.,.SINGLE_PANEL.';
    const type = await entity(
      `${kind}(${root()},'${name}',$,$,(#${pset}),(#${map}),$,$,${predefined},$,$)`,
    );
    return { map, type, instances: [] as number[] };
  };
  const doorType = await productType('IFCDOORTYPE', 'Door 900x2100', 900, 2100, 0);
  const windowTypes = [
    await productType('IFCWINDOWTYPE', 'Window 1200x1500', 1200, 1500, 900),
    await productType('IFCWINDOWTYPE', 'Window 2400x1500', 2400, 1500, 900),
  ];

  const sitePlacement = await entity(`IFCLOCALPLACEMENT($,#${worldPlacement})`);
  const site = await entity(
    `IFCSITE(${root()},'Site',$,$,#${sitePlacement},$,$,.ELEMENT.,$,$,$,$,$)`,
  );
  const buildingPlacement = await entity(`IFCLOCALPLACEMENT(#${sitePlacement},#${worldPlacement})`);
  const building = await entity(
    `IFCBUILDING(${root()},'Tower',$,$,#${buildingPlacement},$,$,.ELEMENT.,$,$,$)`,
  );
  await entity(`IFCRELAGGREGATES(${root()},$,$,#${project},(#${site}))`);
  await entity(`IFCRELAGGREGATES(${root()},$,$,#${site},(#${building}))`);

  // Floor plate: rooms on a 6 m grid; walls along both axes in a few lengths.
  const storeyHeight = 3500;
  const plateWidth = 72_000;
  const plateDepth = 36_000;
  const wallLengths = [6000, 6000, 6000, 3000, 4500];
  const storeyIds: number[] = [];
  let products = 0;
  for (let s = 0; s < options.storeys; s++) {
    const elevation = s * storeyHeight;
    const point = await entity(`IFCCARTESIANPOINT((0.,0.,${f(elevation)}))`);
    const axis = await entity(`IFCAXIS2PLACEMENT3D(#${point},#${zAxis},#${xAxis})`);
    const storeyPlacement = await entity(`IFCLOCALPLACEMENT(#${buildingPlacement},#${axis})`);
    const storey = await entity(
      `IFCBUILDINGSTOREY(${root()},'Level ${s + 1}',$,$,#${storeyPlacement},$,$,.ELEMENT.,${f(elevation)})`,
    );
    storeyIds.push(storey);
    const contained: number[] = [];

    const place = async (x: number, y: number, alongY: boolean) => {
      const p = await entity(`IFCCARTESIANPOINT((${f(x)},${f(y)},0.))`);
      const a = await entity(`IFCAXIS2PLACEMENT3D(#${p},#${zAxis},#${alongY ? yAxis : xAxis})`);
      return entity(`IFCLOCALPLACEMENT(#${storeyPlacement},#${a})`);
    };
    const ownPset = async (element: number, name: string, values: string[]) => {
      const properties: number[] = [];
      for (const [index, value] of values.entries()) {
        properties.push(
          await singleValue(['Reference', 'IsExternal', 'LoadBearing', 'Mark'][index]!, value),
        );
      }
      const pset = await entity(
        `IFCPROPERTYSET(${root()},'${name}',$,(${properties.map((p) => `#${p}`).join(',')}))`,
      );
      await entity(`IFCRELDEFINESBYPROPERTIES(${root()},$,$,(#${element}),#${pset})`);
    };

    // The slab.
    const slabSolid = await box(plateWidth, plateDepth, 250, plateWidth / 2, plateDepth / 2, -250);
    await styled(slabSolid, slabStyle);
    const slabShape = await entity(
      `IFCSHAPEREPRESENTATION(#${body},'Body','SweptSolid',(#${slabSolid}))`,
    );
    const slabDefinition = await entity(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${slabShape}))`);
    const slab = await entity(
      `IFCSLAB(${root()},'Floor ${s + 1}',$,$,#${storeyPlacement},#${slabDefinition},'S${s + 1}',.FLOOR.)`,
    );
    await ownPset(slab, 'Pset_SlabCommon', [
      `IFCIDENTIFIER('Floor 250')`,
      'IFCBOOLEAN(.F.)',
      'IFCBOOLEAN(.T.)',
    ]);
    contained.push(slab);

    for (let i = 1; i < options.perStorey; i++) {
      const kind = i % 5; // 0, 1, 2: wall; 3: window; 4: door
      const cell = Math.floor(i / 5);
      const column = cell % 12;
      const row = Math.floor(cell / 12) % 6;
      const x = column * 6000;
      const y = row * 6000;
      const mark = `${s + 1}-${i}`;
      const revise = every > 0 ? (s * options.perStorey + i) % every : -1;
      if (kind <= 2 && revise === 0) {
        // Left out: its GlobalIds (wall, property set, quantities, two relationships) skipped.
        revised.removed.push(guid(guids));
        guids += 5;
      } else if (kind <= 2) {
        const wallLength = wallLengths[(i + s) % wallLengths.length]!;
        const alongY = kind === 1;
        const solid = await box(wallLength, 200, storeyHeight - 250, wallLength / 2, 0, 0);
        const shape = await entity(
          `IFCSHAPEREPRESENTATION(#${body},'Body','SweptSolid',(#${solid}))`,
        );
        const definition = await entity(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${shape}))`);
        if (revise === 1) revised.changed.push(guid(guids));
        const wall = await entity(
          `IFCWALL(${root()},'Wall ${mark}',$,$,#${await place(x + (kind === 2 ? 3000 : 0), y + (kind === 2 ? 3000 : 0), alongY)},#${definition},'${mark}',.STANDARD.)`,
        );
        const external = row === 0 || column === 0;
        await ownPset(wall, 'Pset_WallCommon', [
          `IFCIDENTIFIER('${revise === 1 ? 'Wall 250' : 'Wall 200'}')`,
          `IFCBOOLEAN(${external ? '.T.' : '.F.'})`,
          'IFCBOOLEAN(.T.)',
          `IFCLABEL('${mark}')`,
        ]);
        const quantities = [
          await entity(`IFCQUANTITYLENGTH('Length',$,$,${f(wallLength)},$)`),
          await entity(`IFCQUANTITYLENGTH('Height',$,$,${f(storeyHeight - 250)},$)`),
          await entity(
            `IFCQUANTITYAREA('NetSideArea',$,$,${f((wallLength * (storeyHeight - 250)) / 1e6)},$)`,
          ),
        ];
        const qto = await entity(
          `IFCELEMENTQUANTITY(${root()},'Qto_WallBaseQuantities',$,$,(${quantities.map((q) => `#${q}`).join(',')}))`,
        );
        await entity(`IFCRELDEFINESBYPROPERTIES(${root()},$,$,(#${wall}),#${qto})`);
        contained.push(wall);
      } else {
        const type = kind === 4 ? doorType : windowTypes[(i + s) % 2]!;
        const operator = await entity(`IFCCARTESIANTRANSFORMATIONOPERATOR3D($,$,#${origin},1.,$)`);
        const item = await entity(`IFCMAPPEDITEM(#${type.map},#${operator})`);
        const shape = await entity(
          `IFCSHAPEREPRESENTATION(#${body},'Body','MappedRepresentation',(#${item}))`,
        );
        const definition = await entity(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${shape}))`);
        const moved = kind === 4 && revise === 4;
        if (moved) revised.moved.push(guid(guids));
        const placement = await place(x + 1500 + (moved ? 300 : 0), y, false);
        const product =
          kind === 4
            ? await entity(
                `IFCDOOR(${root()},'Door ${mark}',$,$,#${placement},#${definition},'${mark}',2100.,900.,.DOOR.,.SINGLE_SWING_LEFT.,$)`,
              )
            : await entity(
                `IFCWINDOW(${root()},'Window ${mark}',$,$,#${placement},#${definition},'${mark}',1500.,${f(type === windowTypes[0] ? 1200 : 2400)},.WINDOW.,.SINGLE_PANEL.,$)`,
              );
        await ownPset(product, kind === 4 ? 'Pset_DoorCommon' : 'Pset_WindowCommon', [
          `IFCIDENTIFIER('${kind === 4 ? 'D1' : 'W1'}')`,
          `IFCBOOLEAN(${row === 0 ? '.T.' : '.F.'})`,
        ]);
        type.instances.push(product);
        contained.push(product);
      }
    }
    products += contained.length;
    await entity(
      `IFCRELCONTAINEDINSPATIALSTRUCTURE(${root()},$,$,(${contained.map((c) => `#${c}`).join(',')}),#${storey})`,
    );
  }
  await entity(
    `IFCRELAGGREGATES(${root()},$,$,#${building},(${storeyIds.map((s) => `#${s}`).join(',')}))`,
  );
  for (const type of [doorType, ...windowTypes]) {
    if (type.instances.length === 0) continue;
    await entity(
      `IFCRELDEFINESBYTYPE(${root()},$,$,(${type.instances.map((p) => `#${p}`).join(',')}),#${type.type})`,
    );
  }
  await write('ENDSEC;\nEND-ISO-10303-21;\n');
  out.end(buffered.join(''));
  await once(out, 'finish');
  return { path, bytes, products, storeys: options.storeys, revised };
}
