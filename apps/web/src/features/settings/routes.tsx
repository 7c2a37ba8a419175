import type { ComponentType } from 'react';
import { replace, type RouteObject } from 'react-router';
import { page } from '../../lib/routing';
import { SETTINGS_SECTIONS, type SettingsSection } from './sections';

const pages: Record<SettingsSection, () => Promise<{ default: ComponentType }>> = {
  profile: () => import('./components/ProfilePage'),
  account: () => import('./components/AccountPage'),
  preferences: () => import('./components/PreferencesPage'),
  notifications: () => import('./components/NotificationsPage'),
  connectors: () => import('./components/ConnectorsPage'),
  plan: () => import('./components/PlanSettingsPage'),
};

/**
 * /settings (its own sub-navigation inside the default layout); /settings -> /settings/profile.
 * The spec's /settings/components/{avatar,sidebar} are components (UserAvatar, SettingsSidebar),
 * not pages: those paths fall through to the not-found page.
 */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('./components/SettingsLayout')).default }),
    children: [
      { index: true, handle: { name: 'settings' }, loader: () => replace('/settings/profile') },
      ...SETTINGS_SECTIONS.map((section) =>
        page(section, { name: `settings-${section}`, title: 'settings' }, pages[section]),
      ),
    ],
  },
];
