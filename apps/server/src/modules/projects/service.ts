import type { Project } from '@truss/contracts';
import type { DataAccess } from '../../repositories.ts';
import { displayName } from '../users/service.ts';
import type { ProjectListRow } from './repository.ts';

/** Icon colours a new project picks from. */
export const PROJECT_COLORS = [
  '#2563eb',
  '#7c3aed',
  '#db2777',
  '#ea580c',
  '#16a34a',
  '#0891b2',
  '#ca8a04',
  '#4f46e5',
] as const;

/** Metadata of a new project: a stable colour derived from a seed (e.g. the owner id). */
export function newProjectMetadata(seed: string): Record<string, unknown> {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { avatar_bg_color: PROJECT_COLORS[hash % PROJECT_COLORS.length] };
}

function toProject(row: ProjectListRow): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_default: row.is_default,
    role: row.role,
    metadata: row.metadata,
    creator: {
      id: row.creator_id,
      email: row.creator_email,
      name: displayName({
        full_name: row.creator_full_name,
        first_name: row.creator_first_name,
        last_name: row.creator_last_name,
        name_format: row.creator_name_format,
      }),
    },
    // Paid tiers arrive with orders; until then every owner is on the free plan.
    tier: 'free',
    is_favorite: row.is_favorite,
    show_in_sidebar: row.show_in_sidebar,
    member_count: Number(row.member_count),
    model_count: Number(row.model_count),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export class ProjectsService {
  constructor(private readonly data: DataAccess) {}

  /** The user's projects, default first. Re-creates a missing default project. */
  async list(userId: string): Promise<Project[]> {
    let rows = await this.data.repos.projects.listForUser(userId);
    if (!rows.some((row) => row.is_default && row.role === 'owner')) {
      const created = await this.data.transaction(async (repos) => {
        if (await repos.projects.hasDefaultProject(userId)) return false;
        await repos.projects.createDefaultProject(userId, newProjectMetadata(userId));
        return true;
      });
      if (created) rows = await this.data.repos.projects.listForUser(userId);
    }
    return rows.map(toProject);
  }
}
