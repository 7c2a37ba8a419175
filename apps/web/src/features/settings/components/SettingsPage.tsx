import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Clock } from 'lucide-react';
import { LOCALES } from '@truss/contracts';
import { Badge, Card } from '../../../components/ui/Page';
import { currentLocale, setLanguage } from '../../../lib/i18n';
import { LANGUAGE_NAMES } from '../../../lib/locale';
import { formatDate } from '../../../lib/format';
import { profileQuery } from '../../auth/api';
import { SubscriptionSummary } from '../../subscription/components/SubscriptionSummary';
import { SETTINGS_SECTIONS, type SettingsSection } from '../routes';
import { SECTION_ICONS } from './SettingsLayout';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-gray-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/** Honest "what is coming" note for the parts of a section that do not exist yet. */
function ComingNote({ section }: { section: SettingsSection }) {
  const { t } = useTranslation();
  const Icon = SECTION_ICONS[section];
  return (
    <div className="flex gap-3 rounded-xl border border-dashed border-gray-300 bg-white p-5">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        <Icon className="size-5" aria-hidden />
      </div>
      <div>
        <p className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          {t(`settings.sections.${section}`)}
          <Badge tone="amber">
            <Clock className="size-3" aria-hidden />
            {t('common.comingSoon')}
          </Badge>
        </p>
        <p className="mt-1 text-sm leading-6 text-gray-600">{t(`settings.coming.${section}`)}</p>
      </div>
    </div>
  );
}

function ProfileSection() {
  const { t, i18n } = useTranslation();
  const { data: profile } = useQuery(profileQuery());
  if (!profile) return null;
  const empty = <span className="text-gray-400">{t('settings.notSet')}</span>;
  return (
    <Card>
      <dl className="divide-y divide-gray-100">
        <Row label={t('settings.fullName')}>{profile.full_name || empty}</Row>
        <Row label={t('form.email')}>{profile.email}</Row>
        <Row label={t('settings.company')}>{profile.company || empty}</Row>
        <Row label={t('settings.jobTitle')}>{profile.job_title || empty}</Row>
        <Row label={t('settings.memberSince')}>{formatDate(profile.created_at, i18n.language)}</Row>
      </dl>
    </Card>
  );
}

function AccountSection() {
  const { t } = useTranslation();
  const { data: profile } = useQuery(profileQuery());
  if (!profile) return null;
  return (
    <Card>
      <dl className="divide-y divide-gray-100">
        <Row label={t('form.email')}>
          <span className="inline-flex flex-wrap items-center gap-2">
            {profile.email}
            {profile.email_verified && <Badge tone="green">{t('settings.verified')}</Badge>}
          </span>
        </Row>
        <Row label={t('settings.status')}>{t(`settings.statuses.${profile.status}`)}</Row>
      </dl>
    </Card>
  );
}

function PreferencesSection() {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Card className="p-5">
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">{t('language.label')}</legend>
        <p className="mt-1 text-sm text-gray-600">{t('settings.languageHint')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {LOCALES.map((l) => (
            <label
              key={l}
              lang={l}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="language"
                value={l}
                checked={locale === l}
                onChange={() => setLanguage(l)}
                className="accent-brand-600"
              />
              {LANGUAGE_NAMES[l]}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}

/** One page for every settings section: what exists today, and an honest note for the rest. */
export default function SettingsPage() {
  const { pathname } = useLocation();
  const last = pathname.split('/').filter(Boolean).pop();
  const section = (SETTINGS_SECTIONS as readonly string[]).includes(last ?? '')
    ? (last as SettingsSection)
    : 'profile';
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold text-gray-900">{t(`settings.sections.${section}`)}</h2>
      {section === 'profile' && <ProfileSection />}
      {section === 'account' && <AccountSection />}
      {section === 'preferences' && <PreferencesSection />}
      {section === 'plan' && <SubscriptionSummary />}
      <ComingNote section={section} />
    </div>
  );
}
