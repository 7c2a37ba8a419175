import type { ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';

/** Spec §9: the shell's tooltip delay is 150 ms (set on TooltipProvider). */
const TOOLTIP_DELAY_MS = 150;

/**
 * The delay every tooltip under it shares (and the quick hand-over from one to the next). Around
 * each frame that shows tooltips (AppFrame, the model page, the share page) rather than the whole
 * app: Radix's tooltip brings its popper and floating-ui, which the sign-in pages do not need.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>{children}</RadixTooltip.Provider>;
}

export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-gray-900 px-2.5 py-1.5 text-xs text-white shadow-lg data-[state=delayed-open]:animate-fade-in"
        >
          {content}
          <RadixTooltip.Arrow className="fill-gray-900" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
