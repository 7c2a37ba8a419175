import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import clsx from 'clsx';
import { Eraser, type LucideIcon } from 'lucide-react';
import { Tooltip } from '../../../shared/ui/Tooltip';
import { menuContentClass, menuItemClass } from '../../../shared/ui/LanguageSwitcher';

/** The viewer toolbar's building blocks: its buttons, their tooltips and its menus. */

export const toolButtonClass =
  'relative flex size-8 shrink-0 items-center justify-center rounded-lg text-gray-700 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:text-gray-300';

type ToolButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  icon: LucideIcon;
  label: string;
  active?: boolean;
};

const ToolButton = forwardRef<HTMLButtonElement, ToolButtonProps>(function ToolButton(
  { icon: Icon, label, active = false, className, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      aria-pressed={active}
      className={clsx(
        toolButtonClass,
        active && 'bg-brand-50 text-brand-700 hover:bg-brand-100',
        className,
      )}
      {...rest}
    >
      <Icon className="size-[18px]" aria-hidden />
    </button>
  );
});

export function Tip({
  label,
  shortcut,
  children,
}: {
  label: string;
  shortcut?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip
      content={
        <span className="flex items-center gap-2">
          {label}
          {shortcut && (
            <kbd className="rounded border border-white/30 px-1 font-sans text-[11px]">
              {shortcut}
            </kbd>
          )}
        </span>
      }
    >
      {children}
    </Tooltip>
  );
}

/**
 * After a menu pick the focus stays off the trigger: refocusing it opens its tooltip, and the
 * tooltip would take the next Esc meant for the tool just chosen.
 */
const keepFocusOff = (event: Event) => event.preventDefault();

export const Divider = () => <span className="mx-0.5 h-6 w-px shrink-0 bg-gray-200" aria-hidden />;

/** A tool button in its tooltip, which repeats the label and shows the shortcut if any. */
export function TipButton({ shortcut, ...button }: ToolButtonProps & { shortcut?: string }) {
  return (
    <Tip label={button.label} shortcut={shortcut}>
      <ToolButton {...button} />
    </Tip>
  );
}

/** A tool button (in its tooltip) that opens a menu above the toolbar. */
export function ToolMenu({
  icon,
  label,
  shortcut,
  active,
  children,
}: {
  icon: LucideIcon;
  label: string;
  shortcut?: string;
  active?: boolean;
  children: ReactNode;
}) {
  return (
    // Not modal: a modal menu hides the rest of the page from screen readers (aria-hidden)
    // while its controls stay focusable.
    <DropdownMenu.Root modal={false}>
      <Tip label={label} shortcut={shortcut}>
        <DropdownMenu.Trigger asChild>
          <ToolButton icon={icon} label={label} active={active} />
        </DropdownMenu.Trigger>
      </Tip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          sideOffset={8}
          className={menuContentClass}
          onCloseAutoFocus={keepFocusOff}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A menu item's text with its shortcut at the right. */
export function LabelWithShortcut({ label, shortcut }: { label: string; shortcut: string }) {
  return (
    <>
      <span className="flex-1">{label}</span>
      <kbd className="text-xs text-gray-500">{shortcut}</kbd>
    </>
  );
}

/** The last item of a tool menu, under a separator: clear what the tool made. */
export function ClearItem({
  label,
  disabled,
  onSelect,
}: {
  label: string;
  disabled: boolean;
  onSelect: () => void;
}) {
  return (
    <>
      <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
      <DropdownMenu.Item className={menuItemClass} disabled={disabled} onSelect={onSelect}>
        <Eraser className="size-4" aria-hidden />
        {label}
      </DropdownMenu.Item>
    </>
  );
}
