import { z } from 'zod';
import type { ErrorCode } from './texts/messages.ts';

/** The one error body every API failure returns (spec §3 "Error object", without the stack). */
export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    statusMessage: z.string(),
    message: z.string(),
    code: z.string(),
    /** Field errors for VALIDATION_ERROR: path -> localized message. */
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema> & { code: ErrorCode };

export const isoDateTime = z.string().describe('ISO 8601 date-time');

export const okSchema = z.object({ ok: z.literal(true) });

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
