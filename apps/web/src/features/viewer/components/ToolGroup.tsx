import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Popover } from 'radix-ui';
import clsx from 'clsx';
import { ChevronUp, type LucideIcon } from 'lucide-react';
import { Tip, toolButtonClass } from './ToolbarControls';

/**
 * A group of the toolbar's tools behind one button (navigate, inspect): a popover above the
 * toolbar with the group's tools as labelled buttons, so the toolbar stays one row. The tools
 * stay buttons (with `aria-pressed` for toggles), reached with Tab or the arrow keys once open;
 * a mode pick closes the group, a toggle leaves it open to flip another.
 */
export function ToolGroup({
  icon: Icon,
  label,
  active = false,
  children,
}: {
  icon: LucideIcon;
  label: string;
  /** One of the group's modes or toggles is on: the trigger shows it. */
  active?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /**
   * Tab past the group's last tool (Shift+Tab before its first) leaves the group for the
   * toolbar's next button (the trigger): the popover would otherwise loop the focus in itself.
   */
  const leaveOnTab = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab') return;
    const buttons = enabledButtons(event.currentTarget);
    const edge = event.shiftKey ? buttons[0] : buttons.at(-1);
    if (buttons.length && document.activeElement !== edge) return;
    event.preventDefault();
    setOpen(false);
    const trigger = triggerRef.current;
    const toolbar = trigger?.closest<HTMLElement>('[role="toolbar"]');
    const row = toolbar ? enabledButtons(toolbar) : [];
    const next = event.shiftKey ? trigger : row[row.indexOf(trigger!) + 1];
    (next ?? trigger)?.focus();
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Tip label={label}>
        <Popover.Trigger asChild>
          <button
            ref={triggerRef}
            type="button"
            aria-label={label}
            className={clsx(
              toolButtonClass,
              'w-10 gap-0',
              (active || open) && 'bg-brand-50 text-brand-700 hover:bg-brand-100',
            )}
          >
            <Icon className="size-[18px]" aria-hidden />
            <ChevronUp className="-ml-0.5 size-3 opacity-60" aria-hidden />
          </button>
        </Popover.Trigger>
      </Tip>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={8}
          collisionPadding={8}
          role="group"
          aria-label={label}
          onKeyDown={(event) => {
            leaveOnTab(event);
            moveFocusWithArrows(event);
          }}
          // Focus stays off the trigger after a pick: refocusing it opens its tooltip, which
          // would take the next Esc meant for the tool just chosen.
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="z-50 flex max-h-[70dvh] min-w-52 flex-col gap-0.5 overflow-y-auto rounded-xl border border-gray-200 bg-white p-1 shadow-lg"
        >
          {children(() => setOpen(false))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Up and down (and Home, End) move the focus through a group's enabled buttons. */
function moveFocusWithArrows(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = enabledButtons(event.currentTarget);
  if (!buttons.length) return;
  event.preventDefault();
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (at + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
  buttons[next]!.focus();
}

/** A tool in a group: icon, label and shortcut; `pressed` for a toggle or a mode. */
export function GroupButton({
  icon: Icon,
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
}: {
  icon?: LucideIcon;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    // Named by its text (the label; the shortcut is aria-keyshortcuts), so the visible text and
    // the accessible name agree (axe's label-content-name-mismatch).
    <button
      type="button"
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      disabled={disabled}
      onClick={onClick}
      className={clsx(
        'flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:text-gray-300',
        pressed && 'bg-brand-50 text-brand-700 hover:bg-brand-100',
      )}
    >
      {Icon ? (
        <Icon className="size-4 shrink-0" aria-hidden />
      ) : (
        <span className="size-4 shrink-0" aria-hidden />
      )}
      <span className="flex-1 whitespace-nowrap">{label}</span>
      {shortcut && (
        <kbd className="text-xs text-gray-500" aria-hidden>
          {shortcut}
        </kbd>
      )}
    </button>
  );
}

/** A thin rule between a group's parts. */
export const GroupSeparator = () => <hr className="my-1 border-gray-100" aria-hidden />;

/** Left and right move the focus along a toolbar's own buttons (not into an open group). */
export function moveToolbarFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  // React events bubble through portals: an open group's content is not the toolbar's.
  if (!event.currentTarget.contains(event.target as Node)) return;
  const buttons = enabledButtons(event.currentTarget);
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  const step = event.key === 'ArrowRight' ? 1 : -1;
  buttons[(at + step + buttons.length) % buttons.length]!.focus();
}

/** The shown, enabled buttons in `element`, in order. */
function enabledButtons(element: HTMLElement): HTMLButtonElement[] {
  return [...element.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')].filter(
    (button) => button.offsetParent !== null,
  );
}
