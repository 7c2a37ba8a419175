import { z } from 'zod';

/** BCF files in and out of a project's topics: what an import may carry, its report, the export's query. */

/** A BCF file the import reads at most (compressed body and total uncompressed content). */
export const BCF_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const BCF_MAX_UNCOMPRESSED_BYTES = 500 * 1024 * 1024;
export const BCF_MAX_TOPICS = 20_000;
/**
 * What one topic may hold after a BCF import (its own plus the file's): comments, viewpoints,
 * the bytes of their visinfo XML and of their snapshots. Past them the import answers 413 (the
 * file alone) or 422 BCF_TOPIC_FULL (with what the topic already has). Comments and their
 * viewpoints posted through the API stop at the same counts: 422 TOPIC_FULL.
 */
export const BCF_TOPIC_MAX_COMMENTS = 5_000;
export const BCF_TOPIC_MAX_VIEWPOINTS = 200;
export const BCF_TOPIC_MAX_VIEWPOINT_BYTES = 2 * 1024 * 1024;
export const BCF_TOPIC_MAX_SNAPSHOT_BYTES = 32 * 1024 * 1024;
/** What one import may carry in all: comments, viewpoints, snapshot bytes. */
export const BCF_MAX_COMMENTS = 100_000;
export const BCF_MAX_VIEWPOINTS = 20_000;
export const BCF_MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;
/** One XML file of an archive (a markup.bcf or a viewpoint) at most, inflated. */
export const BCF_MAX_XML_BYTES = 32 * 1024 * 1024;

export const bcfImportReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  topics: z.array(z.object({ guid: z.string(), title: z.string() })),
  /** IFC GlobalIds the file references that no model of the project holds (kept, listed). */
  unmatchedComponents: z.array(z.string()),
  /** Topics skipped with a reason (a partial import). */
  skipped: z.array(z.object({ guid: z.string().nullable(), reason: z.string() })),
});
export type BcfImportReport = z.infer<typeof bcfImportReportSchema>;

export const bcfExportQuerySchema = z.object({
  version: z.enum(['3.0', '2.1']).optional().default('3.0'),
  topics: z.string().max(100_000).optional().describe('comma-separated topic GUIDs'),
});
