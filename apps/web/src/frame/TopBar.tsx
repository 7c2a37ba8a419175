import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Sparkles } from 'lucide-react';
import { FREE_PLAN_ID } from '@truss/contracts';
import { LogoMark } from '../components/ui/Brand';
import { useAuth } from '../lib/auth-store';
import { usePageTitle } from '../app/RootShell';
import { subscriptionQuery } from '../features/subscription/api';
import { useCurrentProject } from '../features/projects/current';
import { useProjectName } from '../features/projects/components/ProjectAvatar';

/** The top bar: hamburger on phones, the current project and page title, the upgrade shortcut. */
export function TopBar({ menuButton }: { menuButton: ReactNode }) {
  const { t } = useTranslation();
  const title = usePageTitle();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const { frameProject: project } = useCurrentProject();
  const projectName = useProjectName();
  const { data: subscription } = useQuery({ ...subscriptionQuery(), enabled: signedIn });

  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-gray-200 bg-white/85 px-4 backdrop-blur sm:px-6 lg:h-16 lg:px-8">
      {menuButton}
      <Link to="/" className="lg:hidden" aria-label={t('app.home')}>
        <LogoMark className="size-7" />
      </Link>
      <div
        className="flex min-w-0 flex-1 items-center gap-1.5 text-sm"
        aria-label={t('nav.breadcrumb')}
      >
        {signedIn && project && (
          <>
            <span className="hidden truncate text-gray-500 sm:inline">{projectName(project)}</span>
            <ChevronRight className="hidden size-4 shrink-0 text-gray-300 sm:inline" aria-hidden />
          </>
        )}
        <span className="truncate font-medium text-gray-900">{title}</span>
      </div>
      {subscription?.plan.id === FREE_PLAN_ID && (
        <Link
          to="/upgrade"
          className="inline-flex h-8 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-3 text-xs font-semibold text-brand-700 hover:bg-brand-100"
        >
          <Sparkles className="size-3.5" aria-hidden />
          {t('nav.upgrade')}
        </Link>
      )}
    </header>
  );
}
