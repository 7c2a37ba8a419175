import path from 'node:path/posix';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { BcfArchive, BcfTopic } from './model.ts';
import { writeVisinfo } from './visinfo.ts';
import { buildXml, type XmlNode } from './xml.ts';

/**
 * Writes a BCF 3.0 or 2.1 archive that validates against buildingSMART's schemas: elements in
 * schema order, every field of the model written where the version has a place for it.
 */

const put = (target: XmlNode, key: string, value: unknown) => {
  if (value !== undefined && value !== null && value !== '') target[key] = value;
};

function headerNode(topic: BcfTopic, v3: boolean): XmlNode | undefined {
  if (topic.headerFiles.length === 0) return undefined;
  const files = topic.headerFiles.map((f) => {
    const file: XmlNode = {};
    put(file, '@IfcProject', f.ifcProject);
    put(file, '@IfcSpatialStructureElement', f.ifcSpatialStructureElement);
    if (f.isExternal !== undefined) file[v3 ? '@IsExternal' : '@isExternal'] = String(f.isExternal);
    put(file, 'Filename', f.filename);
    put(file, 'Date', f.date);
    put(file, 'Reference', f.reference);
    return file;
  });
  return v3 ? { Files: { File: files } } : { File: files };
}

function documentPath(topic: BcfTopic, documentGuid: string, v3: boolean): string | undefined {
  const doc = topic.attachments.find((a) => a.kind === 'document' && a.ref === documentGuid);
  if (!doc) return undefined;
  return v3 ? `documents/${documentGuid}` : `${topic.guid}/${documentGuid}_${doc.filename}`;
}

function topicNode(topic: BcfTopic, v3: boolean): XmlNode {
  const t: XmlNode = {
    '@Guid': topic.guid,
    ...(v3 && topic.serverAssignedId ? { '@ServerAssignedId': topic.serverAssignedId } : {}),
    '@TopicType': topic.type || 'Issue',
    '@TopicStatus': topic.status || 'Open',
  };
  if (topic.referenceLinks.length) {
    if (v3) t.ReferenceLinks = { ReferenceLink: topic.referenceLinks };
    else t.ReferenceLink = topic.referenceLinks;
  }
  t.Title = topic.title;
  put(t, 'Priority', topic.priority);
  put(t, 'Index', topic.index);
  if (topic.labels.length) t.Labels = v3 ? { Label: topic.labels } : topic.labels;
  t.CreationDate = topic.creationDate;
  t.CreationAuthor = topic.creationAuthor || 'unknown';
  put(t, 'ModifiedDate', topic.modifiedDate);
  put(t, 'ModifiedAuthor', topic.modifiedAuthor);
  put(t, 'DueDate', topic.dueDate);
  put(t, 'AssignedTo', topic.assignedTo);
  put(t, 'Stage', topic.stage);
  put(t, 'Description', topic.description);
  if (topic.bimSnippet) {
    const s = topic.bimSnippet;
    t.BimSnippet = {
      '@SnippetType': s.snippetType,
      [v3 ? '@IsExternal' : '@isExternal']: String(s.isExternal),
      Reference: s.reference,
      ReferenceSchema: s.referenceSchema,
    };
  }
  const refs = topic.documentReferences.map((ref) => {
    const node: XmlNode = { '@Guid': ref.guid };
    if (v3) {
      if (ref.documentGuid) node.DocumentGuid = ref.documentGuid;
      else put(node, 'Url', ref.url);
    } else {
      const internal = ref.documentGuid ? documentPath(topic, ref.documentGuid, false) : undefined;
      node['@isExternal'] = String(!internal);
      put(node, 'ReferencedDocument', internal ? `../${internal}` : ref.url);
    }
    put(node, 'Description', ref.description);
    return node;
  });
  if (refs.length) {
    if (v3) t.DocumentReferences = { DocumentReference: refs };
    else t.DocumentReference = refs;
  }
  const related = topic.relatedTopics.map((guid) => ({ '@Guid': guid }));
  if (related.length) {
    if (v3) t.RelatedTopics = { RelatedTopic: related };
    else t.RelatedTopic = related;
  }
  return t;
}

function commentNodes(topic: BcfTopic, v3: boolean): XmlNode[] {
  return topic.comments.map((c) => {
    const node: XmlNode = { '@Guid': c.guid, Date: c.date, Author: c.author || 'unknown' };
    // 2.1 requires the text; 3.0 allows a comment that only carries a viewpoint.
    if (c.text || !v3) node.Comment = c.text;
    if (c.viewpointGuid) node.Viewpoint = { '@Guid': c.viewpointGuid };
    put(node, 'ModifiedDate', c.modifiedDate);
    put(node, 'ModifiedAuthor', c.modifiedAuthor);
    return node;
  });
}

function viewpointEntries(topic: BcfTopic): XmlNode[] {
  return topic.viewpoints.map((vp) => {
    const node: XmlNode = { '@Guid': vp.guid, Viewpoint: `Viewpoint_${vp.guid}.bcfv` };
    if (vp.snapshot) node.Snapshot = `Snapshot_${vp.guid}.${vp.snapshot.type}`;
    put(node, 'Index', vp.index);
    return node;
  });
}

export function writeBcf(archive: Omit<BcfArchive, 'version'>, version: '3.0' | '2.1'): Uint8Array {
  const v3 = version === '3.0';
  const files: Zippable = {};
  const xml = (root: XmlNode) => strToU8(buildXml(root));
  files['bcf.version'] = xml(
    v3
      ? { Version: { '@VersionId': '3.0' } }
      : { Version: { '@VersionId': '2.1', DetailedVersion: '2.1' } },
  );
  if (archive.project) {
    const project = {
      '@ProjectId': archive.project.id,
      ...(archive.project.name ? { Name: archive.project.name } : {}),
    };
    files['project.bcfp'] = xml(
      v3
        ? { ProjectInfo: { Project: project } }
        : { ProjectExtension: { Project: project, ExtensionSchema: '' } },
    );
  }
  const ext = archive.extensions;
  if (v3 && ext) {
    const list = (outer: string, inner: string, items: string[]) =>
      items.length ? { [outer]: { [inner]: items } } : {};
    files['extensions.xml'] = xml({
      Extensions: {
        ...list('TopicTypes', 'TopicType', ext.topicTypes),
        ...list('TopicStatuses', 'TopicStatus', ext.topicStatuses),
        ...list('Priorities', 'Priority', ext.priorities),
        ...list('TopicLabels', 'TopicLabel', ext.topicLabels),
        ...list('Users', 'User', ext.users),
        ...list('SnippetTypes', 'SnippetType', ext.snippetTypes),
        ...list('Stages', 'Stage', ext.stages),
      },
    });
  }
  const documents: XmlNode[] = [];
  for (const topic of archive.topics) {
    const folder = topic.guid;
    const header = headerNode(topic, v3);
    const t = topicNode(topic, v3);
    const markup: XmlNode = header ? { Header: header } : {};
    if (v3) {
      const comments = commentNodes(topic, true);
      if (comments.length) t.Comments = { Comment: comments };
      const viewpoints = viewpointEntries(topic);
      if (viewpoints.length) t.Viewpoints = { ViewPoint: viewpoints };
      markup.Topic = t;
    } else {
      markup.Topic = t;
      const comments = commentNodes(topic, false);
      if (comments.length) markup.Comment = comments;
      const viewpoints = viewpointEntries(topic);
      if (viewpoints.length) markup.Viewpoints = viewpoints;
    }
    files[`${folder}/markup.bcf`] = xml({ Markup: markup });
    for (const vp of topic.viewpoints) {
      files[`${folder}/Viewpoint_${vp.guid}.bcfv`] = xml(writeVisinfo(vp.guid, vp.view, version));
      if (vp.snapshot)
        files[`${folder}/Snapshot_${vp.guid}.${vp.snapshot.type}`] = vp.snapshot.bytes;
    }
    for (const file of topic.attachments) {
      if (file.kind === 'snippet') {
        files[path.normalize(path.join(folder, file.ref))] = file.bytes;
      } else {
        const at = documentPath(topic, file.ref, v3)!;
        files[at] = file.bytes;
        if (v3) {
          documents.push({
            '@Guid': file.ref,
            Filename: file.filename,
            ...(file.description ? { Description: file.description } : {}),
          });
        }
      }
    }
  }
  if (v3 && documents.length)
    files['documents.xml'] = xml({ DocumentInfo: { Documents: { Document: documents } } });
  return zipSync(files, { level: 6 });
}
