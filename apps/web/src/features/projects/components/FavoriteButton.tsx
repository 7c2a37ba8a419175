import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Star } from 'lucide-react';
import type { Project } from '@truss/contracts';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useProjectPreferences } from '../api';
import { useProjectName } from './ProjectAvatar';

/** The star: favourite or not, saved at once (rolled back on failure). */
export function FavoriteButton({ project, className }: { project: Project; className?: string }) {
  const { t } = useTranslation();
  const name = useProjectName()(project);
  const preferences = useProjectPreferences();
  const on = project.is_favorite;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={
        on ? t('projects.unfavoriteNamed', { name }) : t('projects.favoriteNamed', { name })
      }
      title={on ? t('projects.unfavorite') : t('projects.addFavorite')}
      onClick={() =>
        preferences.mutate(
          { id: project.id, is_favorite: !on },
          { onError: (error) => toast.error(errorMessage(error, t)) },
        )
      }
      className={clsx(
        'relative z-10 rounded-lg p-1.5 transition-colors hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600',
        on ? 'text-amber-500' : 'text-gray-400 hover:text-gray-700',
        className,
      )}
    >
      <Star className={clsx('size-4', on && 'fill-amber-400')} aria-hidden />
    </button>
  );
}
