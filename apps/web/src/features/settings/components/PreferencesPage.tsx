import { startTransition, useMemo, useOptimistic, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DATE_FORMATS,
  LOCALES,
  TIME_FORMATS,
  WEEK_STARTS,
  type Preferences,
  type PreferencesUpdateBody,
} from '@truss/contracts';
import { FormAlert } from '../../../components/ui/Field';
import { Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatTime, toFormatPreferences } from '../../../lib/format';
import { setLanguage } from '../../../lib/i18n';
import { LANGUAGE_NAMES } from '../../../lib/locale';
import { toast } from '../../../lib/toast';
import { preferencesQuery, useUpdatePreferences } from '../api';
import { SearchSelect, type SearchOption } from './SearchSelect';

const DEVICE_ZONE = '';

const DATE_FORMAT_KEYS = {
  'yyyy/mm/dd': 'ymdSlash',
  'dd/mm/yyyy': 'dmySlash',
  'mm/dd/yyyy': 'mdySlash',
  'yyyy-mm-dd': 'ymdDash',
} as const satisfies Record<(typeof DATE_FORMATS)[number], string>;

/** "UTC+08:00" for a zone right now. */
function utcOffset(timeZone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return name === 'GMT' ? 'UTC+00:00' : (name?.replace('GMT', 'UTC') ?? '');
  } catch {
    return '';
  }
}

/** The zone's name in the interface language ("中国标准时间", "Eastern Time"). */
function zoneName(timeZone: string, locale: string): string {
  try {
    return (
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}

function Choice<V extends string>({
  legend,
  hint,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  hint?: string;
  name: string;
  value: V;
  options: readonly { value: V; label: ReactNode; lang?: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="px-5 py-4">
      <legend className="float-left mb-1 w-full text-sm font-medium text-gray-900">{legend}</legend>
      {hint && <p className="clear-both mb-2 text-sm text-gray-600">{hint}</p>}
      <div className="clear-both flex flex-wrap gap-2 pt-1">
        {options.map((o) => (
          <label
            key={o.value}
            lang={o.lang}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PreferencesForm({ prefs: saved }: { prefs: Preferences }) {
  const { t, i18n } = useTranslation();
  const update = useUpdatePreferences();
  // A choice shows at once, also while earlier ones are still saving; a failed save puts it back.
  const [prefs, choose] = useOptimistic(
    saved,
    (current: Preferences, change: PreferencesUpdateBody): Preferences => ({
      ...current,
      ...change,
    }),
  );
  const save = (body: PreferencesUpdateBody) =>
    startTransition(async () => {
      choose(body);
      try {
        await update.mutateAsync(body);
        toast.success(t('settings.preferences.saved'));
      } catch (error) {
        toast.error(t('settings.preferences.saveFailed'), errorMessage(error, t));
      }
    });

  const zones: SearchOption[] = useMemo(() => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return [
      {
        value: DEVICE_ZONE,
        label: t('settings.preferences.deviceZone', { zone: zoneName(device, i18n.language) }),
        detail: utcOffset(device),
      },
      ...Intl.supportedValuesOf('timeZone').map((zone) => ({
        value: zone,
        label: zone.replace(/_/g, ' '),
        detail: utcOffset(zone),
      })),
    ];
  }, [t, i18n.language]);

  // Examples are drawn with the choice applied, whatever is saved.
  const sample = new Date().toISOString();
  const base = toFormatPreferences(prefs);

  return (
    <div className="space-y-6">
      <Card className="divide-y divide-gray-100">
        <Choice
          legend={t('language.label')}
          hint={t('settings.languageHint')}
          name="language"
          value={prefs.language}
          options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: l }))}
          onChange={(language) => {
            // Applies at once (and the locale cookie); the server keeps it for mails.
            void setLanguage(language);
            save({ language });
          }}
        />
        <div className="px-5 py-4">
          <SearchSelect
            label={t('settings.preferences.timezone')}
            value={prefs.timezone ?? DEVICE_ZONE}
            options={zones}
            onChange={(zone) => save({ timezone: zone || null })}
            placeholder={t('settings.preferences.timezone')}
            searchPlaceholder={t('settings.preferences.searchZone')}
            emptyText={t('settings.search.none')}
            className="max-w-lg"
            triggerLabel={(o) =>
              o.value === DEVICE_ZONE
                ? `${o.label} ${o.detail ?? ''}`
                : `${zoneName(o.value, i18n.language)} ${o.detail ?? ''}`
            }
          />
        </div>
      </Card>
      <Card className="divide-y divide-gray-100">
        <Choice
          legend={t('settings.preferences.dateFormat')}
          name="date_format"
          value={prefs.date_format}
          options={DATE_FORMATS.map((f) => ({
            value: f,
            label: (
              <span>
                {t(`settings.preferences.dateFormats.${DATE_FORMAT_KEYS[f]}`)}{' '}
                <span className="text-gray-500 tabular-nums">
                  {formatDate(sample, i18n.language, { ...base, dateFormat: f })}
                </span>
              </span>
            ),
          }))}
          onChange={(date_format) => save({ date_format })}
        />
        <Choice
          legend={t('settings.preferences.timeFormat')}
          name="time_format"
          value={prefs.time_format}
          options={TIME_FORMATS.map((f) => ({
            value: f,
            label: (
              <span>
                {t(`settings.preferences.timeFormats.${f}`)}{' '}
                <span className="text-gray-500 tabular-nums">
                  {formatTime(sample, i18n.language, { ...base, timeFormat: f })}
                </span>
              </span>
            ),
          }))}
          onChange={(time_format) => save({ time_format })}
        />
        <Choice
          legend={t('settings.preferences.weekStart')}
          name="week_start"
          value={prefs.week_start}
          options={WEEK_STARTS.map((w) => ({
            value: w,
            label: t(`settings.preferences.weekdays.${w}`),
          }))}
          onChange={(week_start) => save({ week_start })}
        />
      </Card>
    </div>
  );
}

/** /settings/preferences: language, time zone, date and time formats and week start. */
export default function PreferencesPage() {
  const { t } = useTranslation();
  const { data, error } = useQuery(preferencesQuery());
  if (error) return <FormAlert>{errorMessage(error, t)}</FormAlert>;
  if (!data) return <LoadingBlock label={t('common.loading')} />;
  return <PreferencesForm prefs={data} />;
}
