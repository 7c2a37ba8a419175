import {
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  type CountryCode,
} from 'libphonenumber-js/max';

/** One row of the country code list: ISO region, calling code and names in both languages. */
export interface CountryOption {
  code: CountryCode;
  callingCode: string;
  /** Name in the interface language. */
  name: string;
  /** Names in every supported language, so either can be searched. */
  names: string[];
}

const SEARCH_LOCALES = ['en', 'zh-CN'];

function regionName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const cache = new Map<string, CountryOption[]>();

/** Every region libphonenumber knows, named in `locale` and sorted by that name. */
export function countryOptions(locale: string): CountryOption[] {
  const hit = cache.get(locale);
  if (hit) return hit;
  const collator = new Intl.Collator(locale);
  const options = getCountries()
    .map((code) => ({
      code,
      callingCode: getCountryCallingCode(code),
      name: regionName(locale, code),
      names: SEARCH_LOCALES.map((l) => regionName(l, code)),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, options);
  return options;
}

/** Match by name (any language), ISO code, or calling code ("+86", "86"). */
export function matchesCountry(option: CountryOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) return option.callingCode.startsWith(digits);
  return (
    option.code.toLowerCase() === q || option.names.some((name) => name.toLowerCase().includes(q))
  );
}

function isCountryCode(value: string | null | undefined): value is CountryCode {
  return !!value && (getCountries() as string[]).includes(value);
}

/** "Phone must be valid": a number that exists in the chosen region's numbering plan. */
export function isValidPhone(phone: string, country: string | null | undefined): boolean {
  const number = phone.trim();
  if (!number) return true;
  if (number.startsWith('+')) return isValidPhoneNumber(number);
  return isCountryCode(country) && isValidPhoneNumber(number, country);
}
