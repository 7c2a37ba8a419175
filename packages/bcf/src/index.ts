/**
 * The BCF format (BIM Collaboration Format 2.0, 2.1 and 3.0): what an archive holds, a reader held
 * to caps (refusing hostile or oversized files as a whole) and a writer of 2.1 and 3.0. No
 * database, no HTTP: the server maps this model onto its tables (apps/server modules/topics/bcf).
 * The reader also runs in a worker thread: `@truss/bcf/read-worker` is its plain-JS entry.
 */
export type {
  BcfArchive,
  BcfAttachment,
  BcfBimSnippet,
  BcfComment,
  BcfDocumentReference,
  BcfExtensions,
  BcfHeaderFile,
  BcfProblem,
  BcfSnapshot,
  BcfTopic,
  BcfVersion,
  BcfViewpoint,
} from './model.ts';
export { BCF_READ_LIMITS, BcfReadError, type BcfReadLimits } from './caps.ts';
export { readBcf } from './read.ts';
export { writeBcf } from './write.ts';
export type { ReadWorkerReply } from './read-worker.ts';
