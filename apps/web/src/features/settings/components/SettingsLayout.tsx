import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/Page';
import { SETTINGS_SECTIONS, type SettingsSection } from '../sections';
import { SettingsSidebar } from './SettingsSidebar';

/** /settings/*: the section navigation and the section's page inside the app frame. */
export default function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  const section = (SETTINGS_SECTIONS as readonly string[]).includes(last)
    ? (last as SettingsSection)
    : null;
  return (
    <>
      <PageHeader title={t('titles.settings')} subtitle={t('settings.subtitle')} />
      <div className="flex flex-col gap-6 lg:flex-row lg:gap-8">
        <SettingsSidebar />
        <div className="min-w-0 flex-1 lg:max-w-3xl">
          {section && (
            <div className="mb-5">
              <h2 className="text-lg font-semibold text-gray-900">
                {t(`settings.sections.${section}`)}
              </h2>
              <p className="mt-1 text-sm text-gray-600">{t(`settings.descriptions.${section}`)}</p>
            </div>
          )}
          <Outlet />
        </div>
      </div>
    </>
  );
}
