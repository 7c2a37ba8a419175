import { z } from 'zod';
import { LOCALES } from './texts/locale.ts';
import { genderSchema, nameFormatSchema } from './user.ts';

/** Profile editing, avatar, preferences and notification settings (`/settings/...`). */

const PROFILE_TEXT_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 500;
const WEBSITE_MAX_LENGTH = 255;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars are stored as this many pixels square (the web crops before uploading). */
export const AVATAR_SIZE = 256;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const DATE_OF_BIRTH_MIN = '1900-01-01';

const optionalText = (max = PROFILE_TEXT_MAX_LENGTH, error = 'validation.textTooLong') =>
  z
    .string()
    .trim()
    .max(max, { error })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

function isPastDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value >= DATE_OF_BIRTH_MIN &&
    date.getTime() < Date.now()
  );
}

const dateOfBirthSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateOfBirthInvalid' })
  .refine(isPastDate, { error: 'validation.dateOfBirthInvalid' });

const websiteSchema = z
  .string()
  .trim()
  .max(WEBSITE_MAX_LENGTH, { error: 'validation.websiteInvalid' })
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
        );
      } catch {
        return false;
      }
    },
    { error: 'validation.websiteInvalid' },
  )
  .transform((value) => (value === '' ? null : value));

/**
 * `PUT /api/user/profile` -> Profile. Send only the fields that change; null or '' clears one.
 * `phone` is the national number and `phone_country_code` the ISO 3166 region (e.g. "CN",
 * "US"; the calling code follows from it); the server checks them together with libphonenumber
 * ("Phone must be valid"). The email is not editable here.
 */
export const profileUpdateBodySchema = z
  .object({
    language: z.enum(LOCALES).optional(),
    full_name: optionalText(),
    first_name: optionalText(),
    last_name: optionalText(),
    phone: z
      .string()
      .trim()
      .max(32, { error: 'validation.phoneInvalid' })
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    phone_country_code: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'validation.phoneInvalid' })
      .nullable()
      .optional(),
    date_of_birth: dateOfBirthSchema.nullable().optional(),
    gender: genderSchema.nullable().optional(),
    company: optionalText(),
    job_title: optionalText(),
    department: optionalText(),
    website: websiteSchema.nullable().optional(),
    country: optionalText(),
    location: optionalText(),
    bio: optionalText(BIO_MAX_LENGTH, 'validation.bioTooLong'),
    name_format: nameFormatSchema.optional(),
  })
  .strict();
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

/**
 * `POST /api/user/avatar`: the image as the raw request body (Content-Type image/png,
 * image/jpeg or image/webp, at most 5 MB; the type is checked from the bytes). Stored as a
 * 256 × 256 square. `DELETE /api/user/avatar` answers the same with `avatar: null`.
 * `avatar` is a URL with a version parameter, so a new picture is never served from cache.
 */
export const avatarResponseSchema = z.object({ avatar: z.string().nullable() });
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

// --- preferences -------------------------------------------------------------------------------

export const DATE_FORMATS = ['yyyy/mm/dd', 'dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd'] as const;
export const TIME_FORMATS = ['24h', '12h'] as const;
export const WEEK_STARTS = ['monday', 'sunday', 'saturday'] as const;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
}

const timezoneSchema = z
  .string()
  .max(64, { error: 'validation.timezoneInvalid' })
  .refine(isTimeZone, { error: 'validation.timezoneInvalid' });

export const preferencesSchema = z
  .object({
    language: z.enum(LOCALES),
    /** IANA zone; null = the device's own time zone. */
    timezone: timezoneSchema.nullable(),
    date_format: z.enum(DATE_FORMATS),
    time_format: z.enum(TIME_FORMATS),
    week_start: z.enum(WEEK_STARTS),
  })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Omit<Preferences, 'language'> = {
  timezone: null,
  date_format: 'yyyy-mm-dd',
  time_format: '24h',
  week_start: 'monday',
};

/** `GET /api/user/preferences` -> Preferences; `PUT` takes any subset and answers the whole. */
export const preferencesUpdateBodySchema = preferencesSchema.partial().strict();
export type PreferencesUpdateBody = z.input<typeof preferencesUpdateBodySchema>;

// --- notification settings ---------------------------------------------------------------------

/**
 * Mails the user may turn off. Security mails (sign-in codes, password reset, verification) are
 * always sent and are not listed here.
 */
export const NOTIFICATION_KINDS = [
  'project_invitations',
  'member_changes',
  'model_processed',
  'share_code_locked',
  'topic_assigned',
  'topic_mentions',
  'topic_replies',
  'topic_status',
  'product_news',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSettingsSchema = z
  .object({
    project_invitations: z.boolean(),
    member_changes: z.boolean(),
    model_processed: z.boolean(),
    share_code_locked: z.boolean(),
    /** An issue or thread was assigned to you. */
    topic_assigned: z.boolean(),
    /** Someone @mentioned you in a topic or comment. */
    topic_mentions: z.boolean(),
    /** Someone replied in a topic you created. */
    topic_replies: z.boolean(),
    /** An issue you created or are assigned changed status. */
    topic_status: z.boolean(),
    product_news: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  project_invitations: true,
  member_changes: true,
  model_processed: true,
  share_code_locked: true,
  topic_assigned: true,
  topic_mentions: true,
  topic_replies: true,
  topic_status: true,
  product_news: false,
};

/** `GET /api/user/notifications` -> settings; `PUT` takes any subset and answers the whole. */
export const notificationSettingsUpdateBodySchema = notificationSettingsSchema.partial().strict();
export type NotificationSettingsUpdateBody = z.input<typeof notificationSettingsUpdateBodySchema>;
