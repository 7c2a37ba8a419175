import { z } from 'zod';
import { emailSchema } from './auth.ts';

export const salesContactBodySchema = z.object({
  name: z
    .string({ error: 'validation.salesNameRequired' })
    .trim()
    .min(1, { error: 'validation.salesNameRequired' })
    .max(100, { error: 'validation.textTooLong' }),
  email: emailSchema,
  company: z
    .string({ error: 'validation.salesCompanyRequired' })
    .trim()
    .min(1, { error: 'validation.salesCompanyRequired' })
    .max(100, { error: 'validation.textTooLong' }),
  phone: z.string().trim().max(40, { error: 'validation.phoneInvalid' }).optional(),
  /** How many people, what they need: free text. */
  message: z.string().trim().max(2000, { error: 'validation.salesMessageTooLong' }).optional(),
});
export type SalesContactBody = z.infer<typeof salesContactBodySchema>;

export const salesContactResultSchema = z.object({ id: z.uuid(), received_at: z.string() });
export type SalesContactResult = z.infer<typeof salesContactResultSchema>;
