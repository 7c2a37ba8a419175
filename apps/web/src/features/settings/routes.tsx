import { replace, type RouteObject } from 'react-router';
import { page } from '../../lib/routing';

export const SETTINGS_SECTIONS = [
  'profile',
  'account',
  'preferences',
  'notifications',
  'connectors',
  'plan',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** /settings (its own sub-navigation inside the default layout); /settings -> /settings/profile. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('./components/SettingsLayout')).default }),
    children: [
      { index: true, handle: { name: 'settings' }, loader: () => replace('/settings/profile') },
      ...SETTINGS_SECTIONS.map((section) =>
        page(
          section,
          { name: `settings-${section}`, title: 'settings' },
          () => import('./components/SettingsPage'),
        ),
      ),
    ],
  },
];
