import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  Bell,
  CreditCard,
  Plug,
  ShieldCheck,
  SlidersHorizontal,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { SETTINGS_SECTIONS, type SettingsSection } from '../sections';

const SECTION_ICONS: Record<SettingsSection, LucideIcon> = {
  profile: UserRound,
  account: ShieldCheck,
  preferences: SlidersHorizontal,
  notifications: Bell,
  connectors: Plug,
  plan: CreditCard,
};

/**
 * /settings/components/sidebar: the section navigation. A column beside the page on wide
 * screens, a scrolling row of tabs above it on phones.
 */
export function SettingsSidebar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('settings.navLabel')}
      className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:w-56 lg:shrink-0 lg:px-0"
    >
      <ul className="flex gap-1 lg:flex-col">
        {SETTINGS_SECTIONS.map((section) => {
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
  );
}
