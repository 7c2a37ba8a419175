import { z } from 'zod';
import { PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_NAME_MAX_LENGTH } from './project-rules.ts';

/**
 * `guest`: an outside party (a client) who sees the models and topics and works on what is
 * assigned to them, never the member list or anyone's e-mail address (permissions.ts).
 */
export const projectRoleSchema = z.enum(['owner', 'admin', 'member', 'guest']);
export type ProjectRole = z.infer<typeof projectRoleSchema>;

const projectMetadataSchema = z
  .object({ avatar_bg_color: z.string().max(32).optional() })
  .catchall(z.unknown());

/** The spec's Project entity (§3) as the signed-in user sees it. */
export const projectSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    is_default: z.boolean(),
    role: projectRoleSchema,
    metadata: projectMetadataSchema,
    creator: z.object({
      id: z.uuid(),
      email: z.string().nullable(),
      name: z.string().nullable(),
    }),
    tier: z.enum(['free', 'paid']),
    is_favorite: z.boolean(),
    show_in_sidebar: z.boolean(),
    member_count: z.number().int(),
    model_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.array(projectSchema);

const projectNameSchema = z
  .string({ error: 'validation.projectNameRequired' })
  .trim()
  .min(1, { error: 'validation.projectNameRequired' })
  .max(PROJECT_NAME_MAX_LENGTH, { error: 'validation.projectNameTooLong' });

const projectDescriptionSchema = z
  .string({ error: 'validation.projectDescriptionRequired' })
  .trim()
  .min(1, { error: 'validation.projectDescriptionRequired' })
  .max(PROJECT_DESCRIPTION_MAX_LENGTH, { error: 'validation.projectDescriptionTooLong' });

/** Icon colours offered in the create/edit dialogs: a hex colour such as #4f46e5. */
const avatarColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colorInvalid' });

export const projectIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

export const createProjectBodySchema = z.object({
  name: projectNameSchema,
  description: projectDescriptionSchema,
  metadata: z.object({ avatar_bg_color: avatarColorSchema.optional() }).optional(),
});
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;

/**
 * Merge semantics: only the fields sent change; `metadata` keys are merged into the stored
 * metadata (a key sent as null is removed), so a client never erases keys it doesn't know.
 */
export const updateProjectBodySchema = z
  .object({
    name: projectNameSchema.optional(),
    description: projectDescriptionSchema.optional(),
    metadata: z.object({ avatar_bg_color: avatarColorSchema.nullable().optional() }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'validation.nothingToUpdate',
  });
export type UpdateProjectBody = z.input<typeof updateProjectBodySchema>;

/** Deleting a project is permanent: the caller must type the word DELETE. */
export const deleteProjectBodySchema = z.object({
  confirm: z.literal('DELETE', { error: 'validation.typeDelete' }),
});

/** Per-user flags: favourite and show-in-sidebar. */
export const projectPreferencesBodySchema = z
  .object({ is_favorite: z.boolean().optional(), show_in_sidebar: z.boolean().optional() })
  .refine((body) => body.is_favorite !== undefined || body.show_in_sidebar !== undefined, {
    error: 'validation.nothingToUpdate',
  });
