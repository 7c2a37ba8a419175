import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { DEFAULT_PROJECT_NAME, type Project } from '@truss/contracts';
import { initials } from '../../../components/ui/Avatar';

const PALETTE = [
  '#4f46e5',
  '#0891b2',
  '#059669',
  '#d97706',
  '#db2777',
  '#7c3aed',
  '#2563eb',
  '#475569',
];

export function projectColor(project: Pick<Project, 'id' | 'metadata'>): string {
  const chosen = project.metadata?.avatar_bg_color;
  if (typeof chosen === 'string' && /^#[0-9a-f]{3,8}$|^rgb|^hsl/i.test(chosen)) return chosen;
  let hash = 0;
  for (const ch of project.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#4f46e5';
}

/** The default project's stored name is English; show it in the interface language. */
export function useProjectName(): (project: Pick<Project, 'name' | 'is_default'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (project) =>
      project.is_default && project.name === DEFAULT_PROJECT_NAME
        ? t('projects.defaultName')
        : project.name,
    [t],
  );
}

export function ProjectAvatar({
  project,
  size = 'md',
}: {
  project: Project;
  size?: 'sm' | 'md' | 'lg';
}) {
  const name = useProjectName()(project);
  return (
    <span
      aria-hidden
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold text-white',
        size === 'sm' && 'size-6 text-[10px]',
        size === 'md' && 'size-8 text-xs',
        size === 'lg' && 'size-10 text-sm',
      )}
      style={{ backgroundColor: projectColor(project) }}
    >
      {initials(name)}
    </span>
  );
}
