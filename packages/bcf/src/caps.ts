// What one BCF read is held to: the caps, the budget a file spends topic by topic, and the
// error that refuses a file as a whole.
import {
  BCF_MAX_COMMENTS,
  BCF_MAX_SNAPSHOT_BYTES,
  BCF_MAX_TOPICS,
  BCF_MAX_UNCOMPRESSED_BYTES,
  BCF_MAX_VIEWPOINTS,
  BCF_MAX_XML_BYTES,
  BCF_TOPIC_MAX_COMMENTS,
  BCF_TOPIC_MAX_SNAPSHOT_BYTES,
  BCF_TOPIC_MAX_VIEWPOINT_BYTES,
  BCF_TOPIC_MAX_VIEWPOINTS,
} from '@truss/contracts';
import type { BcfTopic } from './model.ts';

/**
 * Why a file is refused as a whole: no BCF at all or broken XML (400), hostile XML (400), too
 * big to read or a zip bomb (413), or over one of the import's caps (413).
 */
export class BcfReadError extends Error {
  constructor(
    message: string,
    readonly kind:
      | 'invalid'
      | 'unsafe'
      | 'too-large'
      | 'bomb'
      | 'too-many-topics'
      | 'too-many-comments'
      | 'too-many-viewpoints'
      | 'snapshots-too-large',
  ) {
    super(message);
  }
}

/** The caps one read holds a file to (contracts' BCF_* by default; tests pass smaller ones). */
export interface BcfReadLimits {
  maxUncompressedBytes: number;
  maxTopics: number;
  maxComments: number;
  maxViewpoints: number;
  maxSnapshotBytes: number;
  maxXmlBytes: number;
  topicMaxComments: number;
  topicMaxViewpoints: number;
  topicMaxViewpointBytes: number;
  topicMaxSnapshotBytes: number;
}

export const BCF_READ_LIMITS: BcfReadLimits = {
  maxUncompressedBytes: BCF_MAX_UNCOMPRESSED_BYTES,
  maxTopics: BCF_MAX_TOPICS,
  maxComments: BCF_MAX_COMMENTS,
  maxViewpoints: BCF_MAX_VIEWPOINTS,
  maxSnapshotBytes: BCF_MAX_SNAPSHOT_BYTES,
  maxXmlBytes: BCF_MAX_XML_BYTES,
  topicMaxComments: BCF_TOPIC_MAX_COMMENTS,
  topicMaxViewpoints: BCF_TOPIC_MAX_VIEWPOINTS,
  topicMaxViewpointBytes: BCF_TOPIC_MAX_VIEWPOINT_BYTES,
  topicMaxSnapshotBytes: BCF_TOPIC_MAX_SNAPSHOT_BYTES,
};

export interface Budget {
  limits: BcfReadLimits;
  comments: number;
  viewpoints: number;
  snapshotBytes: number;
}

/** Charges one topic to the budget; throws the cap it passes. */
export function spend(topic: BcfTopic, viewpointBytes: number, budget: Budget): void {
  const { limits } = budget;
  const where = `topic ${topic.guid}`;
  if (topic.comments.length > limits.topicMaxComments) {
    throw new BcfReadError(
      `${where}: ${topic.comments.length} comments, over ${limits.topicMaxComments}`,
      'too-many-comments',
    );
  }
  if (topic.viewpoints.length > limits.topicMaxViewpoints) {
    throw new BcfReadError(
      `${where}: ${topic.viewpoints.length} viewpoints, over ${limits.topicMaxViewpoints}`,
      'too-many-viewpoints',
    );
  }
  if (viewpointBytes > limits.topicMaxViewpointBytes) {
    throw new BcfReadError(
      `${where}: ${viewpointBytes} bytes of viewpoints, over ${limits.topicMaxViewpointBytes}`,
      'too-many-viewpoints',
    );
  }
  let snapshots = 0;
  for (const vp of topic.viewpoints) snapshots += vp.snapshot?.bytes.length ?? 0;
  if (snapshots > limits.topicMaxSnapshotBytes) {
    throw new BcfReadError(
      `${where}: ${snapshots} bytes of snapshots, over ${limits.topicMaxSnapshotBytes}`,
      'snapshots-too-large',
    );
  }
  budget.comments += topic.comments.length;
  budget.viewpoints += topic.viewpoints.length;
  budget.snapshotBytes += snapshots;
  if (budget.comments > limits.maxComments) {
    throw new BcfReadError(`more than ${limits.maxComments} comments in all`, 'too-many-comments');
  }
  if (budget.viewpoints > limits.maxViewpoints) {
    throw new BcfReadError(
      `more than ${limits.maxViewpoints} viewpoints in all`,
      'too-many-viewpoints',
    );
  }
  if (budget.snapshotBytes > limits.maxSnapshotBytes) {
    throw new BcfReadError(
      `more than ${limits.maxSnapshotBytes} bytes of snapshots in all`,
      'snapshots-too-large',
    );
  }
}
