import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { DEFAULT_PROJECT_NAME, type Project } from '@truss/contracts';
import { initials } from '../../../shared/ui/Avatar';
import { textColorOn } from '../contrast';

/** The icon colours offered in the create and edit dialogs (stored as metadata.avatar_bg_color). */
export const PROJECT_COLORS = [
  { id: 'indigo', hex: '#4f46e5' },
  { id: 'cyan', hex: '#0891b2' },
  { id: 'emerald', hex: '#059669' },
  { id: 'amber', hex: '#d97706' },
  { id: 'pink', hex: '#db2777' },
  { id: 'violet', hex: '#7c3aed' },
  { id: 'blue', hex: '#2563eb' },
  { id: 'slate', hex: '#475569' },
] as const;
const PALETTE = PROJECT_COLORS.map((c) => c.hex);

export function projectColor(project: Pick<Project, 'id' | 'metadata'>): string {
  const chosen = project.metadata?.avatar_bg_color;
  if (typeof chosen === 'string' && /^#[0-9a-f]{3,8}$|^rgb|^hsl/i.test(chosen)) return chosen;
  let hash = 0;
  for (const ch of project.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#4f46e5';
}

/**
 * The default project's stored name is English; show it in the interface language. Another
 * owner's default project (joined) keeps its stock name, so it says whose it is: a member must
 * not see two "Default Project"s.
 */
export function useProjectName(): (
  project: Pick<Project, 'name' | 'is_default'> & Partial<Pick<Project, 'role' | 'creator'>>,
) => string {
  const { t } = useTranslation();
  return useCallback(
    (project) => {
      if (project.name !== DEFAULT_PROJECT_NAME) return project.name;
      if (project.is_default) return t('projects.defaultName');
      const owner = project.creator?.name;
      return project.role && project.role !== 'owner' && owner
        ? t('projects.defaultNameOf', { owner })
        : project.name;
    },
    [t],
  );
}

export function ProjectAvatar({
  project,
  size = 'md',
}: {
  project: Pick<Project, 'id' | 'metadata' | 'name' | 'is_default'>;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  const name = useProjectName()(project);
  const background = projectColor(project);
  return (
    <span
      aria-hidden
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold',
        // Initials stay readable (4.5:1) on any colour, the palette's or one a person stored.
        textColorOn(background) === 'white' ? 'text-white' : 'text-gray-950',
        size === 'sm' && 'size-6 text-[10px]',
        size === 'md' && 'size-8 text-xs',
        size === 'lg' && 'size-10 text-sm',
        size === 'xl' && 'size-12 rounded-xl text-base',
      )}
      style={{ backgroundColor: background }}
    >
      {initials(name)}
    </span>
  );
}
