import type { ViewState } from '@truss/contracts';

/**
 * A BCF archive as Truss understands it, the same for 2.0, 2.1 and 3.0: what the reader gives
 * and the writer takes. Every element of the buildingSMART schemas has a place here, so an
 * import followed by an export keeps everything the file held.
 */
export type BcfVersion = '2.0' | '2.1' | '3.0';

export interface BcfSnapshot {
  type: 'png' | 'jpg';
  bytes: Uint8Array;
}

export interface BcfViewpoint {
  guid: string;
  /** BCF's ViewPoint Index, when the file gave one. */
  index?: number;
  view: ViewState;
  snapshot?: BcfSnapshot;
}

export interface BcfComment {
  guid: string;
  date: string;
  author: string;
  text: string;
  viewpointGuid?: string;
  modifiedDate?: string;
  modifiedAuthor?: string;
}

/** A file inside the archive that a topic points at (internal document or BIM snippet). */
export interface BcfAttachment {
  kind: 'document' | 'snippet';
  /** Document GUID, or the snippet's Reference as written. */
  ref: string;
  filename: string;
  description?: string;
  bytes: Uint8Array;
}

/** A model file the topic's viewpoints refer to (markup's Header/File). */
export interface BcfHeaderFile {
  ifcProject?: string;
  ifcSpatialStructureElement?: string;
  isExternal?: boolean;
  filename?: string;
  date?: string;
  reference?: string;
}

/** A document the topic points at: one inside the archive (documentGuid, 3.0) or a URL. */
export interface BcfDocumentReference {
  guid: string;
  documentGuid?: string;
  url?: string;
  description?: string;
}

/** A piece of a model (IFC, usually) the topic carries or points at. */
export interface BcfBimSnippet {
  snippetType: string;
  isExternal: boolean;
  reference: string;
  referenceSchema: string;
}

export interface BcfTopic {
  guid: string;
  type: string;
  status: string;
  title: string;
  priority?: string;
  labels: string[];
  creationDate: string;
  creationAuthor: string;
  modifiedDate?: string;
  modifiedAuthor?: string;
  dueDate?: string;
  assignedTo?: string;
  stage?: string;
  description?: string;
  relatedTopics: string[];
  serverAssignedId?: string;
  index?: number;
  referenceLinks: string[];
  bimSnippet?: BcfBimSnippet;
  documentReferences: BcfDocumentReference[];
  headerFiles: BcfHeaderFile[];
  comments: BcfComment[];
  viewpoints: BcfViewpoint[];
  attachments: BcfAttachment[];
}

export interface BcfExtensions {
  topicTypes: string[];
  topicStatuses: string[];
  priorities: string[];
  topicLabels: string[];
  users: string[];
  snippetTypes: string[];
  stages: string[];
}

export interface BcfArchive {
  version: BcfVersion;
  project?: { id: string; name?: string };
  extensions?: BcfExtensions;
  topics: BcfTopic[];
}

/** What an import could not take, topic by topic (the rest still imports). */
export interface BcfProblem {
  guid: string | null;
  reason: string;
}
