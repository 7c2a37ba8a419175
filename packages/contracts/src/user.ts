import { z } from 'zod';

export const genderSchema = z.enum(['male', 'female', 'other', 'prefer_not_to_say']);
export const nameFormatSchema = z.enum(['eastern', 'western']);
const accountStatusSchema = z.enum(['not_activated', 'active', 'suspended', 'deleted']);

/** The spec's Profile entity (§3). Fields the user has not filled are null. */
export const profileSchema = z
  .object({
    id: z.uuid(),
    /** Null for an account made by WeChat sign-in until its owner adds (and verifies) one. */
    email: z.string().nullable(),
    email_verified: z.boolean(),
    status: accountStatusSchema,
    language: z.enum(['en', 'zh-CN']),
    avatar: z.string().nullable(),
    full_name: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    phone_country_code: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    gender: genderSchema.nullable(),
    company: z.string().nullable(),
    job_title: z.string().nullable(),
    department: z.string().nullable(),
    website: z.string().nullable(),
    country: z.string().nullable(),
    location: z.string().nullable(),
    bio: z.string().nullable(),
    name_format: nameFormatSchema,
    created_at: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;
