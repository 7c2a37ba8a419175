import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  Bell,
  CreditCard,
  Plug,
  SlidersHorizontal,
  UserRound,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { PageHeader } from '../../../components/ui/Page';
import type { SettingsSection } from '../routes';

export const SECTION_ICONS: Record<SettingsSection, LucideIcon> = {
  profile: UserRound,
  account: ShieldCheck,
  preferences: SlidersHorizontal,
  notifications: Bell,
  connectors: Plug,
  plan: CreditCard,
};

const ORDER: SettingsSection[] = [
  'profile',
  'account',
  'preferences',
  'notifications',
  'connectors',
  'plan',
];

/** /settings/*: its own section navigation inside the app frame. */
export default function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('titles.settings')} subtitle={t('settings.subtitle')} />
      <div className="flex flex-col gap-6 lg:flex-row lg:gap-8">
        <nav
          aria-label={t('settings.navLabel')}
          className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:w-56 lg:shrink-0 lg:px-0"
        >
          <ul className="flex gap-1 lg:flex-col">
            {ORDER.map((section) => {
              const Icon = SECTION_ICONS[section];
              return (
                <li key={section}>
                  <NavLink
                    to={`/settings/${section}`}
                    className={({ isActive }) =>
                      clsx(
                        'flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                        isActive
                          ? 'bg-white text-brand-700 shadow-xs ring-1 ring-gray-200'
                          : 'text-gray-600 hover:bg-white/70 hover:text-gray-900',
                      )
                    }
                  >
                    <Icon className="size-4" aria-hidden />
                    {t(`settings.sections.${section}`)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </>
  );
}
