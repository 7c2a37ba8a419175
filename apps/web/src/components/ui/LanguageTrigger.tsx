import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { resolveLocale } from '@truss/contracts';
import { LANGUAGE_NAMES } from '../../lib/locale';

/** The language switcher's button look (LanguageSwitcher, DeferredLanguageSwitcher). */
export function languageTriggerClass(className?: string): string {
  return clsx(
    'inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm text-gray-700 hover:bg-white/70 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600',
    className,
  );
}

/** What the language switcher's button shows: the icon and the current language's name. */
export function LanguageTrigger({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Languages className="size-4" aria-hidden />
      {/* The name starts with what the button shows (WCAG 2.5.3): "Language English". */}
      <span className="sr-only">{t('language.label')}</span>
      <span lang={i18n.language} className={compact ? 'hidden sm:inline' : undefined}>
        {LANGUAGE_NAMES[resolveLocale(i18n.language)]}
      </span>
    </>
  );
}
