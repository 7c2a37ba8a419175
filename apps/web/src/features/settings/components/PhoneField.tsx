import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/Field';
import { countryOptions, matchesCountry, type CountryOption } from '../phone';
import { SearchSelect, type SearchOption } from './SearchSelect';

/** Phone: a searchable country calling code (by name in either language, ISO code or +code) and the number. */
export function PhoneField({
  country,
  phone,
  onCountry,
  onPhone,
  error,
}: {
  country: string | null;
  phone: string;
  onCountry: (code: string) => void;
  onPhone: (phone: string) => void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const byCode = useMemo(() => new Map(countries.map((c) => [c.code, c])), [countries]);
  const options: SearchOption[] = useMemo(
    () => countries.map((c) => ({ value: c.code, label: c.name, detail: `+${c.callingCode}` })),
    [countries],
  );
  const matches = (option: SearchOption, query: string) => {
    const c = byCode.get(option.value as CountryOption['code']);
    return c ? matchesCountry(c, query) : false;
  };

  return (
    <div className="space-y-1.5 sm:col-span-2">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <SearchSelect
          label={t('settings.profile.countryCode')}
          value={country}
          options={options}
          matches={matches}
          onChange={onCountry}
          placeholder={t('settings.profile.chooseCountryCode')}
          searchPlaceholder={t('settings.profile.searchCountry')}
          emptyText={t('settings.search.none')}
          triggerLabel={(o) => (
            <>
              <span className="tabular-nums">{o.detail}</span>{' '}
              <span className="text-gray-500">{o.label}</span>
            </>
          )}
        />
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium text-gray-800">
            {t('settings.profile.phone')}
          </label>
          <input
            id={id}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={phone}
            onChange={(e) => onPhone(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass(!!error)}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
