import { readFileSync } from 'node:fs';
import { IfcText } from './edit-ifc.ts';

/** What `architecturalV2` changed, by GlobalId. */
export interface ArchitecturalEdits {
  removedWall: string;
  movedDoor: string;
  editedWall: { guid: string; set: string; name: string; from: string; to: string };
}

const guidOf = (ifc: IfcText, id: number) => ifc.args(id)[0]!.slice(1, -1);

/**
 * A second version of ../shared/bcf/ifc/Architectural.ifc: one wall without openings removed
 * (the first such one whose property set `Allplan Attributes` has an Object_name), the door moved
 * 600 mm along its placement's x axis, and another wall's Allplan Attributes.Object_name changed.
 */
export function architecturalV2(file: string): { text: string; edits: ArchitecturalEdits } {
  const ifc = new IfcText(readFileSync(file, 'latin1'));
  const voided = new Set(
    ifc.ofType('IFCRELVOIDSELEMENT').map((rel) => Number(ifc.args(rel)[4]!.slice(1))),
  );
  const walls = ifc.ofType('IFCWALLSTANDARDCASE').filter((wall) => !voided.has(wall));
  if (walls.length < 2) throw new Error('Architectural.ifc: fewer than two walls without openings');
  const [removed, edited] = walls as [number, number];
  const door = ifc.ofType('IFCDOOR')[0];
  if (door === undefined) throw new Error('Architectural.ifc: no door');

  const edits: ArchitecturalEdits = {
    removedWall: guidOf(ifc, removed),
    movedDoor: guidOf(ifc, door),
    editedWall: {
      guid: guidOf(ifc, edited),
      set: 'Allplan Attributes',
      name: 'Object_name',
      from: '',
      to: 'Edited in version 2',
    },
  };
  const old = ifc.setProperty(
    edited,
    edits.editedWall.set,
    edits.editedWall.name,
    `IFCDESCRIPTIVEMEASURE('${edits.editedWall.to}')`,
  );
  edits.editedWall.from = /'(.*)'/.exec(old)?.[1] ?? old;
  ifc.remove(removed);
  ifc.move(door, [600, 0, 0]);
  return { text: ifc.toString(), edits };
}
