import path from 'node:path/posix';
import { unzip } from './archive.ts';
import { BCF_READ_LIMITS, BcfReadError, spend, type BcfReadLimits, type Budget } from './caps.ts';
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
import {
  bool,
  countTags,
  node,
  nodes,
  num,
  parseXml,
  text,
  texts,
  XmlError,
  XmlUnsafeError,
  type XmlNode,
} from './xml.ts';

const utf8 = new TextDecoder('utf-8');

function xmlOf(files: Record<string, Uint8Array>, name: string): XmlNode | undefined {
  const bytes = files[name];
  return bytes ? parseXml(decode(bytes), name) : undefined;
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

/** Running totals of one read, against its caps. */
function decode(bytes: Uint8Array): string {
  const content = utf8.decode(bytes);
  return content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
}

/**
 * The topic's markup, parsed only once its comment and viewpoint tags are counted within the
 * caps (a file of 300,000 comments is refused from a scan, before any tree is built).
 */
function readMarkup(files: Record<string, Uint8Array>, folder: string, budget: Budget) {
  const name = `${folder}/markup.bcf`;
  const bytes = files[name];
  if (!bytes) return undefined;
  const content = decode(bytes);
  const { limits } = budget;
  // A comment is two `Comment` tags (the element and its text), a viewpoint up to three.
  if (countTags(content, 'Comment') > 2 * limits.topicMaxComments + 2) {
    throw new BcfReadError(
      `${name}: more than ${limits.topicMaxComments} comments`,
      'too-many-comments',
    );
  }
  const viewpointTags =
    countTags(content, 'ViewPoint') +
    countTags(content, 'Viewpoints') +
    countTags(content, 'Viewpoint');
  if (viewpointTags > 3 * limits.topicMaxViewpoints + 3) {
    throw new BcfReadError(
      `${name}: more than ${limits.topicMaxViewpoints} viewpoints`,
      'too-many-viewpoints',
    );
  }
  return parseXml(content, name);
}

/** Counts a read topic against the caps of a topic and of the whole file. */
function readTopic(
  files: Record<string, Uint8Array>,
  folder: string,
  version: BcfVersion,
  documents: ReturnType<typeof readDocuments>,
  budget: Budget,
): BcfTopic {
  const markup = node(readMarkup(files, folder, budget)?.Markup);
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
  const read = readViewpoints(files, folder, version, markup, t, budget.limits);
  topic.viewpoints = read.viewpoints;
  spend(topic, read.bytes, budget);
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
  limits: BcfReadLimits,
): { viewpoints: BcfViewpoint[]; bytes: number } {
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
  let bytes = 0;
  for (const entry of entries) {
    const file = entry.file ? path.normalize(path.join(folder, entry.file)) : undefined;
    bytes += (file && files[file]?.length) || 0;
    // Checked before each parse: a topic's viewpoints are refused at the first one too many.
    if (bytes > limits.topicMaxViewpointBytes) break;
    const visinfo = file ? xmlOf(files, file) : undefined;
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
  return { viewpoints: result, bytes };
}

/**
 * Reads a `.bcf`/`.bcfzip` (2.0, 2.1, 3.0). The file is refused as a whole (BcfReadError) when it
 * is no zip, has no version, is over a cap, or holds hostile or broken XML anywhere; only benign
 * problems of a topic (no title, no Topic element) leave that topic out with a reported reason.
 */
export function readBcf(
  bytes: Uint8Array,
  caps: Partial<BcfReadLimits> = {},
): { archive: BcfArchive; problems: BcfProblem[] } {
  const limits = { ...BCF_READ_LIMITS, ...caps };
  const maxTopics = limits.maxTopics;
  const files = unzip(bytes, limits.maxUncompressedBytes, maxTopics, limits.maxXmlBytes);
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
    throw refusal(error);
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
  const budget: Budget = { limits, comments: 0, viewpoints: 0, snapshotBytes: 0 };
  for (const folder of folders) {
    let topic: BcfTopic;
    try {
      topic = readTopic(files, folder, version, documents, budget);
    } catch (error) {
      // A topic's markup without a Topic is left out; anything else stops the whole file.
      if (
        error instanceof XmlError &&
        !(error instanceof XmlUnsafeError) &&
        /has no Topic$/.test(error.message)
      ) {
        problems.push({ guid: folder, reason: error.message });
        continue;
      }
      throw refusal(error);
    }
    if (!topic.title.trim()) problems.push({ guid: folder, reason: 'topic without a title' });
    else topics.push(topic);
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

/** An error met while reading, as the file's refusal (hostile XML apart from broken XML). */
function refusal(error: unknown): BcfReadError {
  if (error instanceof BcfReadError) return error;
  if (error instanceof XmlUnsafeError) return new BcfReadError(error.message, 'unsafe');
  if (error instanceof XmlError) return new BcfReadError(error.message, 'invalid');
  // fast-xml-parser's own errors, a visinfo's unreadable numbers...
  return new BcfReadError((error as Error).message, 'invalid');
}
