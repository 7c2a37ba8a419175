/**
 * Format detection from file CONTENT (magic bytes, header text). The filename only breaks ties
 * where content cannot (e.g. it names the model inside a zip); a renamed file is still detected.
 */
import type { ModelFormat } from '@truss/viewable';
import { EmptyFileError, UnsupportedFormatError } from './errors.ts';
import { isZip, listZip } from './zip.ts';

export { MODEL_FORMATS, type ModelFormat } from '@truss/viewable';

/** Extensions of model files we look for inside a plain zip, best candidate first. */
const MODEL_EXTENSIONS_IN_ZIP = [
  'ifc',
  'glb',
  'gltf',
  'fbx',
  'dae',
  'obj',
  '3ds',
  '3mf',
  'stp',
  'step',
  'igs',
  'iges',
  'brep',
  '3dm',
  'ply',
  'stl',
  'off',
];

const HEAD_BYTES = 64 * 1024;

function headText(bytes: Uint8Array, length = HEAD_BYTES): string {
  return new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, length)));
}

function startsWithBytes(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The FILE_SCHEMA of an ISO-10303-21 (STEP physical file) header, upper-cased, or null. */
export function stepFileSchema(bytes: Uint8Array): string | null {
  const header = headText(bytes, 16 * 1024);
  const match = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(header);
  return match?.[1] ? match[1].trim().toUpperCase() : null;
}

function isBinaryStl(bytes: Uint8Array): boolean {
  if (bytes.length < 84) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const triangles = view.getUint32(80, true);
  return triangles > 0 && 84 + triangles * 50 === bytes.length;
}

function is3ds(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || bytes[0] !== 0x4d || bytes[1] !== 0x4d) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(2, true);
  // The main chunk covers the file; its first child is the version (0x0002) or the editor (0x3D3D).
  const child = view.getUint16(6, true);
  return length >= 16 && length <= bytes.length + 16 && (child === 0x0002 || child === 0x3d3d);
}

function isIges(text: string): boolean {
  const lines = text.split(/\r?\n/, 4);
  if (lines.length < 3) return false;
  const sections = lines.slice(0, 3).map((line) => (line.length >= 73 ? line[72] : ''));
  return (sections[0] === 'S' || sections[0] === 'G') && /^[SG]$/.test(sections[2] ?? '');
}

function isObj(text: string): boolean {
  let matches = 0;
  let others = 0;
  for (const raw of text.split('\n', 2000)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (/^(v|vn|vt|f|l|p|g|o|s|usemtl|mtllib)(\s|$)/.test(line)) matches++;
    else others++;
  }
  return matches >= 3 && matches >= others * 4;
}

function isOff(text: string): boolean {
  const firstLine = text
    .split('\n', 50)
    .map((line) => line.trim())
    .find((line) => line && !line.startsWith('#'));
  return !!firstLine && /^(ST)?(C)?(N)?(4)?(n)?OFF(\s|$)/.test(firstLine);
}

/** `%PDF-` within the first KiB (the specification allows leading junk; readers accept it). */
function isPdf(bytes: Uint8Array): boolean {
  return headText(bytes, 1024).includes('%PDF-');
}

/** A DWG starts with its version: `AC1012` (R13) … `AC1032` (2018+), `AC1.40`/`AC2.10` (R1.x). */
function isDwg(bytes: Uint8Array): boolean {
  return /^AC(10\d\d|1\.\d\d|2\.\d\d)/.test(headText(bytes, 6));
}

/**
 * An ASCII DXF: pairs of lines, a group code then a value; the first pair is `0 / SECTION`
 * (after optional `999` comments), then `2 / HEADER|CLASSES|TABLES|BLOCKS|ENTITIES|OBJECTS`.
 */
function isAsciiDxf(text: string): boolean {
  const lines = text.split(/\r?\n/, 64).map((line) => line.trim());
  let i = 0;
  while (lines[i] === '999' && i + 1 < lines.length) i += 2;
  return (
    lines[i] === '0' &&
    lines[i + 1] === 'SECTION' &&
    lines[i + 2] === '2' &&
    /^(HEADER|CLASSES|TABLES|BLOCKS|ENTITIES|OBJECTS)$/.test(lines[i + 3] ?? '')
  );
}

function detectZipContent(bytes: Uint8Array, filename: string): ModelFormat {
  const names = listZip(bytes).map((entry) => entry.name);
  const lower = names.map((name) => name.toLowerCase());
  if (lower.includes('3d/3dmodel.model') || lower.some((name) => name.endsWith('.model'))) {
    if (lower.includes('[content_types].xml') || lower.includes('3d/3dmodel.model')) return '3mf';
  }
  const models = lower.filter((name) => MODEL_EXTENSIONS_IN_ZIP.includes(extensionOf(name)));
  if (models.length === 0) {
    throw new UnsupportedFormatError('The zip archive contains no model file we can open.');
  }
  const onlyIfc = models.every((name) => extensionOf(name) === 'ifc');
  if (onlyIfc && (models.length === 1 || extensionOf(filename) === 'ifczip')) return 'ifczip';
  return 'zip';
}

/**
 * Detects the format from the content. Throws EmptyFileError for an empty file and
 * UnsupportedFormatError (code UNSUPPORTED_FORMAT) when nothing matches.
 */
export function detectFormat(bytes: Uint8Array, filename = ''): ModelFormat {
  if (bytes.length === 0) throw new EmptyFileError();
  if (startsWithBytes(bytes, 'glTF')) return 'glb';
  if (isZip(bytes)) return detectZipContent(bytes, filename);
  // After zip: a zip storing a PDF uncompressed has `%PDF-` in its first KiB too.
  if (isPdf(bytes)) return 'pdf';
  if (isDwg(bytes)) return 'dwg';
  if (startsWithBytes(bytes, 'AutoCAD Binary DXF\r\n\x1a\0')) return 'dxf';
  if (startsWithBytes(bytes, 'Kaydara FBX Binary')) return 'fbx';
  if (startsWithBytes(bytes, '3D Geometry File Format')) return '3dm';
  if (isBinaryStl(bytes)) return 'stl';
  if (is3ds(bytes)) return '3ds';

  const text = headText(bytes);
  const trimmed = text.replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '').trimStart();
  if (/^ply\r?\n/.test(trimmed)) return 'ply';
  if (trimmed.startsWith('ISO-10303-21')) {
    const schema = stepFileSchema(bytes) ?? '';
    return schema.startsWith('IFC') ? 'ifc' : 'step';
  }
  if (/^(DBRep_DrawableShape|CASCADE Topology V\d)/.test(trimmed)) return 'brep';
  if (
    trimmed.startsWith('{') &&
    /"asset"\s*:/.test(text.length < bytes.length ? fullText(bytes) : text)
  ) {
    return 'gltf';
  }
  if (trimmed.startsWith('<') && /<COLLADA[\s>]/.test(text)) return 'dae';
  if (/^; FBX \d/.test(trimmed) || /^\s*FBXHeaderExtension:/m.test(text)) return 'fbx';
  if (/^solid[\s\S]{0,2000}?facet\s+normal/.test(trimmed)) return 'stl';
  if (isOff(trimmed)) return 'off';
  if (isAsciiDxf(trimmed)) return 'dxf';
  if (isIges(text)) return 'iges';
  if (isObj(text)) return 'obj';
  throw new UnsupportedFormatError(
    `The content of ${filename || 'the file'} is not in a supported 3D or BIM format.`,
  );
}

function fullText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/** The file name extension a format is usually stored with (used for entries and downloads). */
export function formatExtension(format: ModelFormat): string {
  return format === 'step' ? 'stp' : format === 'iges' ? 'igs' : format;
}

export function isModelEntryName(name: string): boolean {
  return MODEL_EXTENSIONS_IN_ZIP.includes(extensionOf(name));
}

export { extensionOf, MODEL_EXTENSIONS_IN_ZIP };
