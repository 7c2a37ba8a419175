import type { Locale, Topic } from '@truss/contracts';
import type { ReportTexts } from './texts.ts';

/** What a report holds, read once by the service and drawn by the PDF and XLSX writers. */
export interface ReportComment {
  author: string;
  text: string;
  createdAt: string;
}

export interface ReportSnapshot {
  bytes: Uint8Array;
  type: 'png' | 'jpg';
}

/** A file on the topic or one of its comments: listed by name, photos drawn small. */
export interface ReportAttachment {
  filename: string;
  sizeBytes: number;
  /** The image's JPEG thumbnail, when it has one. */
  thumbnail: Uint8Array | null;
}

export interface ReportTopic {
  topic: Topic;
  assignee: string;
  comments: ReportComment[];
  /** Earlier comments the report leaves out. */
  omittedComments: number;
  /** The elements the topic is about (its first viewpoint's selection or focus). */
  elements: string[];
  snapshots: ReportSnapshot[];
  attachments: ReportAttachment[];
}

export interface ReportData {
  locale: Locale;
  texts: ReportTexts;
  projectName: string;
  generatedAt: Date;
  /** The filter as "label: value" lines (none: every topic). */
  filter: string[];
  topics: ReportTopic[];
  /** Some topics' snapshots were left out to keep the report under its size budget. */
  snapshotsOmitted: boolean;
}
