import { Check, Languages } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { LOCALES } from '@truss/contracts';
import { currentLocale, setLanguage } from '../../lib/i18n';
import { LANGUAGE_NAMES } from '../../lib/locale';

export const menuContentClass =
  'z-50 min-w-48 rounded-xl border border-gray-200 bg-white p-1 text-sm text-gray-800 shadow-lg data-[state=open]:animate-fade-in';
export const menuItemClass =
  'flex cursor-default select-none items-center gap-2 rounded-lg px-2.5 py-2 outline-none data-[highlighted]:bg-gray-100 data-[disabled]:text-gray-400';

/** One radio item per language, the current one checked; inside a DropdownMenu (sub)content. */
export function LanguageRadioItems() {
  const locale = currentLocale();
  return (
    <DropdownMenu.RadioGroup
      value={locale}
      onValueChange={(v) => setLanguage(v === 'zh-CN' ? 'zh-CN' : 'en')}
    >
      {LOCALES.map((l) => (
        <DropdownMenu.RadioItem key={l} value={l} className={menuItemClass} lang={l}>
          <span className="flex size-4 items-center justify-center">
            <DropdownMenu.ItemIndicator>
              <Check className="size-4 text-brand-600" />
            </DropdownMenu.ItemIndicator>
          </span>
          {LANGUAGE_NAMES[l]}
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}

/** English / 简体中文, as a compact dropdown (auth pages, landing). */
export function LanguageSwitcher({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={clsx(
          'inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm text-gray-700 hover:bg-white/70 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600',
          className,
        )}
      >
        <Languages className="size-4" aria-hidden />
        {/* The name starts with what the button shows (WCAG 2.5.3): "Language English". */}
        <span className="sr-only">{t('language.label')}</span>
        <span lang={i18n.language} className={compact ? 'hidden sm:inline' : undefined}>
          {LANGUAGE_NAMES[locale]}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          <LanguageRadioItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
