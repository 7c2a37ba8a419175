import type { TFunction } from 'i18next';
import {
  PROPERTY_SET_KINDS,
  getElement,
  getElementProperties,
  type ModelMetadata,
  type ModelPropertySetKind,
  type ModelPropertyValue,
} from '@truss/viewable';

/** What the model can be coloured by: the element type, or one property of one set. */
export type ColorKey =
  { kind: 'type' } | { kind: 'property'; setKind: ModelPropertySetKind; set: string; name: string };

export interface PropertyRow {
  name: string;
  /** The value as shown and copied (unit included). */
  text: string;
  /** Set when the model can be coloured by this row's values (not by names or ids). */
  colorKey?: ColorKey;
}

export interface PropertyGroup {
  /** Stable key for the collapsed state (kind + name). */
  key: string;
  title: string;
  kind: ModelPropertySetKind;
  rows: PropertyRow[];
}

interface ValueWords {
  yes: string;
  no: string;
  unknown: string;
}

/** The words for booleans and IFC UNKNOWN in the page's language. */
export function valueWords(t: TFunction): ValueWords {
  return {
    yes: t('viewer.properties.yes'),
    no: t('viewer.properties.no'),
    unknown: t('viewer.properties.unknown'),
  };
}

/**
 * A property value for reading and copying: numbers rounded to what a drawing shows (at most 4
 * decimals, tiny values in exponent form, no digit grouping so a copied value pastes as a number),
 * booleans and IFC UNKNOWN in words, the unit after a space.
 */
export function formatValue(
  value: ModelPropertyValue,
  unit: string | undefined,
  words: ValueWords,
): string {
  let text: string;
  if (value === null) return words.unknown;
  if (typeof value === 'boolean') text = value ? words.yes : words.no;
  else if (typeof value === 'number') {
    const abs = Math.abs(value);
    text =
      abs !== 0 && abs < 1e-4 ? value.toExponential(3) : String(Math.round(value * 1e4) / 1e4 + 0);
  } else text = value;
  return unit ? `${text} ${unit}` : text;
}

interface AttributeLabels {
  group: string;
  type: string;
  name: string;
  globalId: string;
  expressId: string;
}

const KIND_ORDER: Record<ModelPropertySetKind, number> = { attributes: 0, pset: 1, qto: 2 };

/**
 * The groups shown for one element: its attributes (type, name, GlobalId, express id and the
 * entity's other attributes), then property sets, then quantity sets.
 */
export function elementGroups(
  metadata: ModelMetadata,
  id: number,
  labels: AttributeLabels,
  words: ValueWords,
): PropertyGroup[] {
  const element = getElement(metadata, id);
  const attributes: PropertyRow[] = [
    { name: labels.type, text: element.type, colorKey: { kind: 'type' } },
  ];
  if (element.name) attributes.push({ name: labels.name, text: element.name });
  if (element.globalId) attributes.push({ name: labels.globalId, text: element.globalId });
  if (element.expressId) {
    attributes.push({ name: labels.expressId, text: String(element.expressId) });
  }
  const sets = getElementProperties(metadata, id);
  const rowsOf = (set: (typeof sets)[number]) =>
    set.properties.map((p): PropertyRow => ({
      name: p.name,
      text: formatValue(p.value, p.unit, words),
      colorKey: { kind: 'property', setKind: set.kind, set: set.name, name: p.name },
    }));
  for (const set of sets) if (set.kind === 'attributes') attributes.push(...rowsOf(set));
  const groups: PropertyGroup[] = [
    { key: 'attributes', title: labels.group, kind: 'attributes', rows: attributes },
  ];
  const rest = sets
    .filter((set) => set.kind !== 'attributes')
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name));
  for (const set of rest) {
    groups.push({
      key: `${set.kind}:${set.name}`,
      title: set.name,
      kind: set.kind,
      rows: rowsOf(set),
    });
  }
  return groups;
}

/** Every group as plain text (the "copy all" button): a heading per group, "name: value" rows. */
export function groupsAsText(heading: string, groups: PropertyGroup[]): string {
  const lines = [heading];
  for (const group of groups) {
    lines.push('', `[${group.title}]`);
    for (const row of group.rows) lines.push(`${row.name}: ${row.text}`);
  }
  return lines.join('\n');
}

/** The type all of `ids` share, or null when they differ. */
export function commonType(metadata: ModelMetadata, ids: readonly number[]): string | null {
  if (!ids.length) return null;
  const first = metadata.elements.type[ids[0]!];
  for (const id of ids) if (metadata.elements.type[id] !== first) return null;
  return metadata.strings[first ?? -1] ?? null;
}

/**
 * Each element's value for `key`, as shown in the properties panel, for colouring the model:
 * `notSet` for an element that lacks the property, null for elements without geometry (not
 * coloured). Reads each distinct property set once, so it is quick on large models too.
 */
export function colorKeyOf(
  metadata: ModelMetadata,
  key: ColorKey,
  words: ValueWords,
  notSet: string,
): (id: number) => string | null {
  const { strings, elements, properties } = metadata;
  const drawn = (id: number) => (elements.triangles[id] ?? 0) > 0;
  if (key.kind === 'type') {
    return (id) => (drawn(id) ? (strings[elements.type[id]!] ?? notSet) : null);
  }
  const kindIndex = PROPERTY_SET_KINDS.indexOf(key.setKind);
  // Per distinct set: the value's text, or undefined when the set is not the one asked for.
  const valueOfSet = properties.sets.map(([name, kind, ...rows]) => {
    if (kind !== kindIndex || strings[name!] !== key.set) return undefined;
    for (const row of rows) {
      const [propertyName, value, unit] = properties.values[row!]!;
      if (strings[propertyName] === key.name) {
        return formatValue(value, unit === undefined ? undefined : strings[unit], words);
      }
    }
    return undefined;
  });
  return (id) => {
    if (!drawn(id)) return null;
    for (const setIndex of properties.elements[id] ?? []) {
      const text = valueOfSet[setIndex];
      if (text !== undefined) return text;
    }
    return notSet;
  };
}
