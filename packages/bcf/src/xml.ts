import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/** Elements that may repeat: always parsed as arrays, so one and many read alike. */
const REPEATED = new Set([
  'File',
  'ReferenceLink',
  'Label',
  'Labels',
  'DocumentReference',
  'RelatedTopic',
  'Comment',
  'Viewpoints',
  'ViewPoint',
  'Component',
  'Color',
  'Line',
  'ClippingPlane',
  'Bitmap',
  'Document',
  'TopicType',
  'TopicStatus',
  'Priority',
  'TopicLabel',
  'User',
  'SnippetType',
  'Stage',
]);

export type XmlNode = Record<string, unknown>;

export class XmlError extends Error {}
/** A DOCTYPE or ENTITY declaration: hostile (XXE, entity expansion), never a BCF's. */
export class XmlUnsafeError extends XmlError {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Only the five predefined entities and character references; DOCTYPEs are refused below.
  processEntities: true,
  htmlEntities: false,
  isArray: (name, jpath, isLeaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

/**
 * Parses one XML document of an archive. A DOCTYPE is refused outright (BCF never uses one, and
 * it is where external and expanding entities live), so XXE and "billion laughs" cannot start.
 */
export function parseXml(text: string, file: string): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new XmlUnsafeError(`${file}: DOCTYPE/ENTITY not allowed`);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new XmlError(`${file}: ${valid.err.msg} (line ${valid.err.line})`);
  }
  return parser.parse(text) as XmlNode;
}

/**
 * How many start tags named `name` (any namespace prefix) `text` holds: counted with indexOf,
 * nothing built, so a file can be refused for its size before it is parsed.
 */
export function countTags(text: string, name: string): number {
  const tag = new RegExp(`<(?:[A-Za-z_][\\w.-]{0,15}:)?${name}[\\s/>]`, 'g');
  let count = 0;
  while (tag.exec(text)) count += 1;
  return count;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  processEntities: true,
});

export function buildXml(root: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(root) as string}`;
}

/** Helpers over parsed nodes (values are strings, nodes objects, repeated ones arrays). */
export function node(value: unknown): XmlNode | undefined {
  if (Array.isArray(value)) return node(value[0]);
  return value && typeof value === 'object' ? (value as XmlNode) : undefined;
}

export function nodes(value: unknown): XmlNode[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) =>
    typeof item === 'object' && item ? (item as XmlNode) : { '#text': item },
  );
}

export function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object') return text((value as XmlNode)['#text']);
  const result = String(value);
  return result;
}

export function texts(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value])
    .map((item) => text(item))
    .filter((item): item is string => item !== undefined && item !== '');
}

export function bool(value: unknown): boolean | undefined {
  const raw = text(value)?.trim().toLowerCase();
  if (raw === undefined) return undefined;
  return raw === 'true' || raw === '1';
}

export function num(value: unknown): number | undefined {
  const raw = text(value);
  if (raw === undefined || raw.trim() === '') return undefined;
  const parsed = Number(raw);
  return Number.isFinite(parsed) ? parsed : undefined;
}
