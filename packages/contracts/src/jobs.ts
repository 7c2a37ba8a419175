import { z } from 'zod';

/**
 * Background job payloads. API processes enqueue and worker processes (possibly of another
 * release during a rolling deploy) run them, so every payload carries a `version` and is
 * validated on enqueue AND when a worker picks it up. Add a V2 beside V1 (never change V1) and
 * keep accepting V1 until no queued V1 job can be left.
 */

export const JOB_TYPES = {
  convertModel: 'model.convert',
} as const;
export type JobType = (typeof JOB_TYPES)[keyof typeof JOB_TYPES];

const convertModelJobV1 = z.object({
  version: z.literal(1),
  modelId: z.uuid(),
  /** The project when the job was queued (the model may move; the worker reads the row). */
  projectId: z.uuid(),
  /** Storage key of the uploaded original. */
  storageKey: z.string().min(1),
  /** Original filename: the converter uses it to break format ties and name zip entries. */
  filename: z.string().min(1),
});

/**
 * V2 (issue 18, model versions): converts one version of the model. A V1 job converts the
 * model's version 1, whose id is the model's.
 */
const convertModelJobV2 = convertModelJobV1.extend({
  version: z.literal(2),
  /** The model version to convert. */
  versionId: z.uuid(),
});

/** Every accepted version of the model conversion payload. */
export const convertModelJobPayload = z.discriminatedUnion('version', [
  convertModelJobV1,
  convertModelJobV2,
]);
export type ConvertModelJobPayload = z.infer<typeof convertModelJobPayload>;

export const jobPayloadSchemas = {
  [JOB_TYPES.convertModel]: convertModelJobPayload,
} as const satisfies Record<JobType, z.ZodType>;

/** The model version a conversion payload is about (V1: version 1, which has the model's id). */
export function convertJobVersionId(payload: ConvertModelJobPayload): string {
  return payload.version === 2 ? payload.versionId : payload.modelId;
}
