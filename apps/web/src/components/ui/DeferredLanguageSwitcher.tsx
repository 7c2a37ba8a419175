import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { LanguageTrigger, languageTriggerClass } from './LanguageTrigger';

const loadSwitcher = () =>
  import('../../shared/ui/LanguageSwitcher').then((m) => ({ default: m.LanguageSwitcher }));
const LanguageSwitcher = lazy(loadSwitcher);

/**
 * The language switcher for pages that show no other menu (sign-in, sign-up, landing, public
 * pages, shares): the same button, with the menu's code (Radix's menu, popper and focus
 * handling) loaded when the pointer or focus comes to it, and the menu opened by the click.
 */
export function DeferredLanguageSwitcher({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const button = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={languageTriggerClass(className)}
      onPointerEnter={() => void loadSwitcher()}
      onFocus={() => void loadSwitcher()}
      onClick={() => setOpen(true)}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setOpen(true);
        }
      }}
    >
      <LanguageTrigger compact={compact} />
    </button>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <LanguageSwitcher className={className} compact={compact} defaultOpen />
    </Suspense>
  );
}
