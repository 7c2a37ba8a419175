import path from 'node:path/posix';
import { BCF_MAX_TOPICS, BCF_MAX_UNCOMPRESSED_BYTES } from '@truss/contracts';
import { unzipSync, type UnzipFileInfo } from 'fflate';
import type {
  BcfArchive,
  BcfAttachment,
  BcfComment,
  BcfExtensions,
  BcfProblem,
  BcfTopic,
  BcfVersion,
  BcfViewpoint,
} from './model.ts';
import { readVisinfo } from './visinfo.ts';
import { bool, node, nodes, num, parseXml, text, texts, XmlError, type XmlNode } from './xml.ts';

/** Why a file is no BCF at all (400), or too big to read (413). */
export class BcfReadError extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'too-large' | 'too-many-topics',
  ) {
    super(message);
  }
}

const MAX_ENTRIES = 200_000;
const utf8 = new TextDecoder('utf-8');

/**
 * Unzips with caps checked before inflating: the entry count and the sum of the declared sizes
 * (a zip bomb declares its real size or fails fflate's size check on inflate).
 */
/** A topic's markup: `<topic>/markup.bcf`, or one folder deeper when all sits in a top folder. */
const MARKUP_ENTRY = /^(?:[^/]+\/)?[^/]+\/markup\.bcf$/;

function unzip(bytes: Uint8Array, maxBytes: number, maxTopics: number): Record<string, Uint8Array> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new BcfReadError('not a zip archive', 'invalid');
  }
  let total = 0;
  let count = 0;
  let markups = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        count += 1;
        total += file.originalSize;
        if (count > MAX_ENTRIES)
          throw new BcfReadError('too many files in the archive', 'too-large');
        if (total > maxBytes) throw new BcfReadError('uncompressed content too large', 'too-large');
        // Refused from the archive's directory, before anything is inflated or parsed.
        if (MARKUP_ENTRY.test(file.name) && ++markups > maxTopics)
          throw new BcfReadError(`more than ${maxTopics} topics`, 'too-many-topics');
        return !file.name.endsWith('/');
      },
    });
  } catch (error) {
    if (error instanceof BcfReadError) throw error;
    throw new BcfReadError(`unreadable zip: ${(error as Error).message}`, 'invalid');
  }
  const actual = Object.values(files).reduce((sum, file) => sum + file.length, 0);
  if (actual > maxBytes) throw new BcfReadError('uncompressed content too large', 'too-large');
  // Some writers put everything under one top folder; strip it when no bcf.version is at the root.
  const names = Object.keys(files);
  if (!files['bcf.version']) {
    const nested = names.find((name) => /^[^/]+\/bcf\.version$/.test(name));
    if (nested) {
      const prefix = nested.slice(0, nested.indexOf('/') + 1);
      return Object.fromEntries(
        names.filter((n) => n.startsWith(prefix)).map((n) => [n.slice(prefix.length), files[n]!]),
      );
    }
  }
  return files;
}

function xmlOf(files: Record<string, Uint8Array>, name: string): XmlNode | undefined {
  const bytes = files[name];
  if (!bytes) return undefined;
  let content = utf8.decode(bytes);
  if (content.charCodeAt(0) === 0xfeff) content = content.slice(1);
  return parseXml(content, name);
}

function readVersion(files: Record<string, Uint8Array>): BcfVersion {
  const root = xmlOf(files, 'bcf.version');
  const id = text(node(root?.Version)?.['@VersionId'])?.trim();
  if (id === '3.0') return '3.0';
  if (id === '2.1') return '2.1';
  if (id === '2.0') return '2.0';
  if (!root) {
    // No version file: BCF 2.0 archives sometimes lack it; markup files decide.
    if (Object.keys(files).some((name) => name.endsWith('/markup.bcf'))) return '2.0';
    throw new BcfReadError('no bcf.version and no markup.bcf', 'invalid');
  }
  throw new BcfReadError(`unsupported BCF version ${id ?? '(none)'}`, 'invalid');
}

function readExtensions(files: Record<string, Uint8Array>): BcfExtensions | undefined {
  const root = node(xmlOf(files, 'extensions.xml')?.Extensions);
  if (!root) return undefined;
  return {
    topicTypes: texts(node(root.TopicTypes)?.TopicType),
    topicStatuses: texts(node(root.TopicStatuses)?.TopicStatus),
    priorities: texts(node(root.Priorities)?.Priority),
    topicLabels: texts(node(root.TopicLabels)?.TopicLabel),
    users: texts(node(root.Users)?.User),
    snippetTypes: texts(node(root.SnippetTypes)?.SnippetType),
    stages: texts(node(root.Stages)?.Stage),
  };
}

function readDocuments(files: Record<string, Uint8Array>) {
  const root = node(xmlOf(files, 'documents.xml')?.DocumentInfo);
  const documents = new Map<string, { filename: string; description?: string }>();
  for (const doc of nodes(node(root?.Documents)?.Document)) {
    const guid = text(doc['@Guid']);
    if (guid) {
      documents.set(guid.toLowerCase(), {
        filename: text(doc.Filename) ?? guid,
        description: text(doc.Description),
      });
    }
  }
  return documents;
}

function readComment(c: XmlNode): BcfComment {
  const result: BcfComment = {
    guid: text(c['@Guid']) ?? '',
    date: text(c.Date) ?? '',
    author: text(c.Author) ?? '',
    text: text(c.Comment) ?? '',
  };
  const viewpoint = text(node(c.Viewpoint)?.['@Guid']);
  if (viewpoint) result.viewpointGuid = viewpoint;
  const modified = text(c.ModifiedDate);
  if (modified) result.modifiedDate = modified;
  const modifiedAuthor = text(c.ModifiedAuthor);
  if (modifiedAuthor) result.modifiedAuthor = modifiedAuthor;
  return result;
}

function optional<T extends object>(target: T, key: keyof T, value: unknown): void {
  if (value !== undefined && value !== '') (target as Record<keyof T, unknown>)[key] = value;
}

function readTopic(
  files: Record<string, Uint8Array>,
  folder: string,
  version: BcfVersion,
  documents: ReturnType<typeof readDocuments>,
): BcfTopic {
  const markup = node(xmlOf(files, `${folder}/markup.bcf`)?.Markup);
  const t = node(markup?.Topic);
  if (!markup || !t) throw new XmlError('markup.bcf has no Topic');
  const v3 = version === '3.0';
  const inFolder = (name: string) => path.normalize(path.join(folder, name));
  const topic: BcfTopic = {
    guid: text(t['@Guid']) ?? folder,
    type: text(t['@TopicType']) ?? '',
    status: text(t['@TopicStatus']) ?? '',
    title: text(t.Title) ?? '',
    labels: v3 ? texts(node(t.Labels)?.Label) : texts(t.Labels),
    creationDate: text(t.CreationDate) ?? '',
    creationAuthor: text(t.CreationAuthor) ?? '',
    relatedTopics: nodes(v3 ? node(t.RelatedTopics)?.RelatedTopic : t.RelatedTopic)
      .map((r) => text(r['@Guid']))
      .filter((g): g is string => !!g),
    referenceLinks: v3 ? texts(node(t.ReferenceLinks)?.ReferenceLink) : texts(t.ReferenceLink),
    documentReferences: [],
    headerFiles: nodes(v3 ? node(node(markup.Header)?.Files)?.File : node(markup.Header)?.File).map(
      (f) => {
        const file = {};
        optional(file, 'ifcProject' as never, text(f['@IfcProject']));
        optional(
          file,
          'ifcSpatialStructureElement' as never,
          text(f['@IfcSpatialStructureElement']),
        );
        optional(file, 'isExternal' as never, bool(f['@IsExternal'] ?? f['@isExternal']));
        optional(file, 'filename' as never, text(f.Filename));
        optional(file, 'date' as never, text(f.Date));
        optional(file, 'reference' as never, text(f.Reference));
        return file;
      },
    ),
    comments: nodes(v3 ? node(t.Comments)?.Comment : markup.Comment).map(readComment),
    viewpoints: [],
    attachments: [],
  };
  optional(topic, 'priority', text(t.Priority));
  optional(topic, 'index', num(t.Index));
  optional(topic, 'serverAssignedId', text(t['@ServerAssignedId']));
  optional(topic, 'modifiedDate', text(t.ModifiedDate));
  optional(topic, 'modifiedAuthor', text(t.ModifiedAuthor));
  optional(topic, 'dueDate', text(t.DueDate));
  optional(topic, 'assignedTo', text(t.AssignedTo));
  optional(topic, 'stage', text(t.Stage));
  optional(topic, 'description', text(t.Description));
  const snippet = node(t.BimSnippet);
  if (snippet) {
    const isExternal = bool(snippet['@IsExternal'] ?? snippet['@isExternal']) ?? false;
    const reference = text(snippet.Reference) ?? '';
    topic.bimSnippet = {
      snippetType: text(snippet['@SnippetType']) ?? '',
      isExternal,
      reference,
      referenceSchema: text(snippet.ReferenceSchema) ?? '',
    };
    const bytes = isExternal ? undefined : files[inFolder(reference)];
    if (bytes) {
      topic.attachments.push({
        kind: 'snippet',
        ref: reference,
        filename: path.basename(reference),
        bytes,
      });
    }
  }
  for (const ref of nodes(
    v3 ? node(t.DocumentReferences)?.DocumentReference : t.DocumentReference,
  )) {
    const guid = text(ref['@Guid']) ?? crypto.randomUUID();
    const entry: BcfTopic['documentReferences'][number] = { guid };
    optional(entry, 'description', text(ref.Description));
    const documentGuid = text(ref.DocumentGuid);
    if (v3) {
      optional(entry, 'url', text(ref.Url));
      if (documentGuid) {
        entry.documentGuid = documentGuid;
        const doc = documents.get(documentGuid.toLowerCase());
        const bytes =
          files[`documents/${documentGuid}`] ?? files[`documents/${documentGuid.toLowerCase()}`];
        if (doc && bytes) topic.attachments.push(documentAttachment(documentGuid, doc, bytes));
      }
    } else {
      // 2.x: external URL, or a path relative to the topic folder that becomes a document.
      const referenced = text(ref.ReferencedDocument);
      const external = bool(ref['@isExternal']) ?? false;
      const bytes = referenced && !external ? files[inFolder(referenced)] : undefined;
      if (bytes) {
        entry.documentGuid = crypto.randomUUID();
        topic.attachments.push(
          documentAttachment(entry.documentGuid, { filename: path.basename(referenced!) }, bytes),
        );
      } else if (referenced) entry.url = referenced;
    }
    topic.documentReferences.push(entry);
  }
  topic.viewpoints = readViewpoints(files, folder, version, markup, t);
  return topic;
}

function documentAttachment(
  guid: string,
  doc: { filename: string; description?: string },
  bytes: Uint8Array,
): BcfAttachment {
  return {
    kind: 'document',
    ref: guid,
    filename: doc.filename,
    description: doc.description,
    bytes,
  };
}

function readViewpoints(
  files: Record<string, Uint8Array>,
  folder: string,
  version: BcfVersion,
  markup: XmlNode,
  t: XmlNode,
): BcfViewpoint[] {
  const listed = nodes(version === '3.0' ? node(t.Viewpoints)?.ViewPoint : markup.Viewpoints);
  const entries = listed.map((vp) => ({
    guid: text(vp['@Guid']),
    file: text(vp.Viewpoint),
    snapshot: text(vp.Snapshot),
    index: num(vp.Index),
  }));
  // BCF 2.x: a lone viewpoint.bcfv / snapshot.png without a listing is the topic's viewpoint.
  if (entries.length === 0 && files[`${folder}/viewpoint.bcfv`]) {
    entries.push({
      guid: undefined,
      file: 'viewpoint.bcfv',
      snapshot: 'snapshot.png',
      index: undefined,
    });
  }
  const result: BcfViewpoint[] = [];
  for (const entry of entries) {
    const visinfo = entry.file
      ? xmlOf(files, path.normalize(path.join(folder, entry.file)))
      : undefined;
    const read = visinfo ? readVisinfo(visinfo, version) : undefined;
    const guid = entry.guid ?? read?.guid ?? crypto.randomUUID();
    const viewpoint: BcfViewpoint = {
      guid,
      view: read?.view ?? {
        camera: null,
        clippingPlanes: [],
        lines: [],
        bitmaps: [],
        selection: [],
        visibility: { defaultVisibility: true, exceptions: [] },
        coloring: [],
      },
    };
    if (entry.index !== undefined) viewpoint.index = entry.index;
    const snapshotBytes = entry.snapshot
      ? files[path.normalize(path.join(folder, entry.snapshot))]
      : undefined;
    if (snapshotBytes) {
      viewpoint.snapshot = {
        type: /\.jpe?g$/i.test(entry.snapshot!) ? 'jpg' : 'png',
        bytes: snapshotBytes,
      };
    }
    result.push(viewpoint);
  }
  return result;
}

/**
 * Reads a `.bcf`/`.bcfzip` (2.0, 2.1, 3.0). Archive-level problems (not a zip, no version,
 * unreadable shared files, caps) throw BcfReadError; a topic whose markup is broken is left out
 * and reported, the others are read.
 */
export function readBcf(
  bytes: Uint8Array,
  limits: { maxUncompressedBytes?: number; maxTopics?: number } = {},
): { archive: BcfArchive; problems: BcfProblem[] } {
  const maxTopics = limits.maxTopics ?? BCF_MAX_TOPICS;
  const files = unzip(bytes, limits.maxUncompressedBytes ?? BCF_MAX_UNCOMPRESSED_BYTES, maxTopics);
  let version: BcfVersion;
  let documents: ReturnType<typeof readDocuments>;
  const archive: Partial<BcfArchive> = {};
  try {
    version = readVersion(files);
    documents = readDocuments(files);
    archive.extensions = readExtensions(files);
    const projectRoot = xmlOf(files, 'project.bcfp');
    const project = node(node(projectRoot?.ProjectInfo ?? projectRoot?.ProjectExtension)?.Project);
    const projectId = text(project?.['@ProjectId']);
    if (projectId) archive.project = { id: projectId, name: text(project?.Name) };
  } catch (error) {
    if (error instanceof BcfReadError) throw error;
    throw new BcfReadError((error as Error).message, 'invalid');
  }
  const folders = Object.keys(files)
    .filter((name) => /^[^/]+\/markup\.bcf$/.test(name))
    .map((name) => name.slice(0, name.indexOf('/')))
    .sort();
  if (folders.length > maxTopics) {
    throw new BcfReadError(`${folders.length} topics`, 'too-many-topics');
  }
  const topics: BcfTopic[] = [];
  const problems: BcfProblem[] = [];
  for (const folder of folders) {
    try {
      const topic = readTopic(files, folder, version, documents);
      if (!topic.title.trim()) throw new XmlError('topic without a title');
      topics.push(topic);
    } catch (error) {
      problems.push({ guid: folder, reason: (error as Error).message });
    }
  }
  if (
    topics.length === 0 &&
    problems.length === 0 &&
    folders.length === 0 &&
    !files['bcf.version']
  ) {
    throw new BcfReadError('no BCF content', 'invalid');
  }
  return { archive: { ...archive, version, topics } as BcfArchive, problems };
}
