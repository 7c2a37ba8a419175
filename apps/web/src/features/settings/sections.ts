/** The settings pages, in the sidebar's order: the routes, the layout and the sidebar read them. */
export const SETTINGS_SECTIONS = [
  'profile',
  'account',
  'preferences',
  'notifications',
  'connectors',
  'plan',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
