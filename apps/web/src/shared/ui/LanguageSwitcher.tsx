import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { LOCALES } from '@truss/contracts';
import { currentLocale, setLanguage } from '../../lib/i18n';
import { LANGUAGE_NAMES } from '../../lib/locale';
import { LanguageTrigger, languageTriggerClass } from '../../components/ui/LanguageTrigger';

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
      onValueChange={(v) => void setLanguage(v === 'zh-CN' ? 'zh-CN' : 'en')}
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
  defaultOpen = false,
}: {
  className?: string;
  compact?: boolean;
  /** Open at once (DeferredLanguageSwitcher: the click that loaded it). */
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={languageTriggerClass(className)}>
        <LanguageTrigger compact={compact} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          <LanguageRadioItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
