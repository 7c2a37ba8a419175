import type { BcfTopic } from '@truss/bcf';
import { viewComponentGuids } from './normalize.ts';

/**
 * The model a topic is about: the one holding most of its matched components; else (a viewpoint
 * without components, as in "Topics with different models visible") the model its markup header
 * names: by the file's IfcProject or IfcSpatialStructureElement GlobalId, then by file name.
 */
function modelOf(
  topic: BcfTopic,
  owners: ReadonlyMap<string, string>,
  names: ReadonlyMap<string, string>,
): string | null {
  return componentsModel(topic, owners) ?? headerModel(topic, owners, names);
}

function headerModel(
  topic: BcfTopic,
  owners: ReadonlyMap<string, string>,
  names: ReadonlyMap<string, string>,
): string | null {
  for (const file of topic.headerFiles) {
    for (const guid of [file.ifcProject, file.ifcSpatialStructureElement]) {
      const model = guid ? owners.get(guid) : undefined;
      if (model) return model;
    }
  }
  for (const file of topic.headerFiles) {
    const name = file.filename?.trim().toLowerCase();
    const model = name ? (names.get(name) ?? names.get(name.replace(/\.[^.]+$/, ''))) : undefined;
    if (model) return model;
  }
  return null;
}

function componentsModel(topic: BcfTopic, owners: ReadonlyMap<string, string>): string | null {
  const counts = new Map<string, number>();
  for (const vp of topic.viewpoints) {
    for (const id of viewComponentGuids(vp.view)) {
      const model = owners.get(id);
      if (model) counts.set(model, (counts.get(model) ?? 0) + 1);
    }
  }
  let best: string | null = null;
  for (const [model, count] of counts) if (!best || count > counts.get(best)!) best = model;
  return best;
}

/**
 * Every topic's model (by topic GUID), the models the import touches (topics' and components'),
 * and the component GUIDs no model of the project holds.
 */
export function matchModels(
  topics: readonly BcfTopic[],
  owners: ReadonlyMap<string, string>,
  names: ReadonlyMap<string, string>,
): { byTopic: Map<string, string | null>; touched: Set<string>; unmatched: Set<string> } {
  const byTopic = new Map<string, string | null>();
  const touched = new Set<string>();
  const unmatched = new Set<string>();
  for (const topic of topics) {
    const model = modelOf(topic, owners, names);
    byTopic.set(topic.guid, model);
    if (model) touched.add(model);
    for (const vp of topic.viewpoints) {
      for (const id of viewComponentGuids(vp.view)) {
        const owner = owners.get(id);
        if (owner) touched.add(owner);
        else unmatched.add(id);
      }
    }
  }
  return { byTopic, touched, unmatched };
}
