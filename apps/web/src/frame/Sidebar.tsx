import { NavLink, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  Box,
  FolderKanban,
  Link2,
  MessageSquareWarning,
  Settings,
  Sparkles,
  Trash2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Brand } from '../components/ui/Brand';
import { buttonClass } from '../components/ui/Button';
import { LanguageSwitcher } from '../shared/ui/LanguageSwitcher';
import { useAuth } from '../lib/auth-store';
import { ProjectSwitcher } from '../features/projects/components/ProjectSwitcher';
import { useCurrentProject } from '../features/projects/current';
import { useProjectAbilities } from '../features/projects';
import { ProjectAvatar, useProjectName } from '../features/projects/components/ProjectAvatar';
import { PlanCard } from './PlanCard';
import { UserMenu } from './UserMenu';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

function NavItemLink({
  item,
  onNavigate,
}: {
  item: NavItem;
  onNavigate?: (() => void) | undefined;
}) {
  return (
    <NavLink
      to={item.to}
      end={item.end ?? false}
      onClick={onNavigate}
      className={({ isActive }) =>
        clsx(
          'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
          isActive
            ? 'bg-brand-50 text-brand-700'
            : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
        )
      }
    >
      {({ isActive }) => (
        <>
          <item.icon
            className={clsx(
              'size-[18px]',
              isActive ? 'text-brand-600' : 'text-gray-400 group-hover:text-gray-600',
            )}
            aria-hidden
          />
          {item.label}
        </>
      )}
    </NavLink>
  );
}

/** Brand, project switcher, navigation, plan and user menu. Also the mobile drawer's content. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const { frameProject: project, projects } = useCurrentProject();
  const projectName = useProjectName();
  const pinned = projects.filter((p) => p.show_in_sidebar);
  const { seeMembers } = useProjectAbilities(project);

  const main: NavItem[] = [
    { to: '/models', label: t('nav.models'), icon: Box, end: true },
    { to: '/project', label: t('nav.projects'), icon: FolderKanban, end: true },
    // A guest of the current project never sees its member list.
    ...(project && !seeMembers
      ? []
      : [
          {
            to: project ? `/project/${project.id}/members` : '/project',
            label: t('nav.members'),
            icon: Users,
          },
        ]),
    {
      to: project ? `/project/${project.id}/issues` : '/project',
      label: t('nav.issues'),
      icon: MessageSquareWarning,
    },
    { to: '/shares', label: t('share.nav'), icon: Link2 },
    { to: '/models/trash', label: t('nav.trash'), icon: Trash2 },
  ];
  const account: NavItem[] = [
    { to: '/upgrade', label: t('nav.upgrade'), icon: Sparkles },
    { to: '/settings', label: t('nav.settings'), icon: Settings },
  ];

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Brand />
      </div>
      {signedIn ? (
        <>
          <div className="px-3 pb-2">
            <ProjectSwitcher {...(onNavigate ? { onNavigate } : {})} />
          </div>
          <nav aria-label={t('nav.label')} className="flex-1 space-y-6 overflow-y-auto px-3 py-3">
            <div className="space-y-0.5">
              {main.map((item) => (
                <NavItemLink key={item.label} item={item} onNavigate={onNavigate} />
              ))}
            </div>
            {pinned.length > 0 && (
              <div className="space-y-0.5">
                <p className="px-3 pb-1 text-xs font-medium tracking-wide text-gray-500 uppercase">
                  {t('nav.pinnedProjects')}
                </p>
                {pinned.map((p) => (
                  <NavLink
                    key={p.id}
                    to={`/models/${p.id}`}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      clsx(
                        'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm transition-colors',
                        isActive
                          ? 'bg-brand-50 font-medium text-brand-700'
                          : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                      )
                    }
                  >
                    <ProjectAvatar project={p} size="sm" />
                    <span className="truncate">{projectName(p)}</span>
                  </NavLink>
                ))}
              </div>
            )}
            <div className="space-y-0.5">
              <p className="px-3 pb-1 text-xs font-medium tracking-wide text-gray-500 uppercase">
                {t('nav.account')}
              </p>
              {account.map((item) => (
                <NavItemLink key={item.label} item={item} onNavigate={onNavigate} />
              ))}
            </div>
          </nav>
          <div className="space-y-2 border-t border-gray-200 p-3">
            <PlanCard {...(onNavigate ? { onNavigate } : {})} />
            <UserMenu {...(onNavigate ? { onNavigate } : {})} />
          </div>
        </>
      ) : (
        <div className="flex flex-1 flex-col justify-between p-4">
          <div className="space-y-3">
            <p className="text-sm text-gray-600">{t('nav.signedOutHint')}</p>
            <Link
              to="/signin"
              onClick={onNavigate}
              className={buttonClass('primary', 'md', 'w-full')}
            >
              {t('auth.signIn')}
            </Link>
            <Link
              to="/signup"
              onClick={onNavigate}
              className={buttonClass('secondary', 'md', 'w-full')}
            >
              {t('auth.createAccount')}
            </Link>
          </div>
          <LanguageSwitcher className="self-start" />
        </div>
      )}
    </div>
  );
}
