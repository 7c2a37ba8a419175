import { writeTowerIfc } from '/work/main/bench/src/convert/tower-ifc.ts';
import { startContenders } from '/work/main/bench/src/viewer/contenders/harness.ts';
const s = '/work/shared/samples/ifc/';
const tower = '/tmp/warm-tower.ifc';
await writeTowerIfc(tower, { storeys: 200, perStorey: 250 });
const h = await startContenders([s + 'duplex.ifc', s + 'Office_A_20110811.ifc', s + 'ISSUE_021_Mini_Project.ifc', tower], (l) => console.error(l));
await h.close();
