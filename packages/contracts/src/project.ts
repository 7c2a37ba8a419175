import { z } from 'zod';

export const projectRoleSchema = z.enum(['owner', 'admin', 'member']);
export type ProjectRole = z.infer<typeof projectRoleSchema>;

export const DEFAULT_PROJECT_NAME = 'Default Project';

export const projectMetadataSchema = z
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
    creator: z.object({ id: z.uuid(), email: z.string(), name: z.string().nullable() }),
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
