import type { CSSProperties, ReactNode } from 'react';
import { MessageSquare, type LucideIcon } from 'lucide-react';
import { PanelHeader } from './PanelHeader';
import { TipButton } from './ToolbarControls';

/** The toolbar button that opens and closes the viewer's further panel (topics by default). */
export function SidePanelButton({
  label,
  icon = MessageSquare,
  open,
  onToggle,
}: {
  label: string;
  icon?: LucideIcon | undefined;
  open: boolean;
  onToggle: () => void;
}) {
  return <TipButton icon={icon} label={label} active={open} onClick={onToggle} />;
}

/** The viewer's further panel (topics) on the right, with its title bar. */
export function SidePanelAside({
  label,
  className,
  style,
  onClose,
  covers = false,
  children,
}: {
  label: string;
  className: string;
  style: CSSProperties | undefined;
  onClose: () => void;
  /** A sheet over the view (phone): fits frame what it leaves free (useViewInsets). */
  covers?: boolean;
  children: ReactNode;
}) {
  return (
    <aside
      className={className}
      style={style}
      aria-label={label}
      {...(covers ? { 'data-covers-view': '' } : {})}
    >
      <PanelHeader label={label} onClose={onClose} />
      {children}
    </aside>
  );
}
