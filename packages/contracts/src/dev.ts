import { z } from 'zod';

const devMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;
export const devMailListSchema = z.array(devMailSchema);

export const devMailQuerySchema = z.object({
  /** Only mails to this address (case-insensitive). */
  to: z.string().max(254).optional(),
});
