import type { CSSProperties, ReactNode } from 'react';
import { MessageSquare } from 'lucide-react';
import { PanelHeader } from './PanelHeader';
import { TipButton } from './ToolbarControls';

/** The toolbar button that opens and closes the viewer's further panel (topics). */
export function SidePanelButton({
  label,
  open,
  onToggle,
}: {
  label: string;
  open: boolean;
  onToggle: () => void;
}) {
  return <TipButton icon={MessageSquare} label={label} active={open} onClick={onToggle} />;
}

/** The viewer's further panel (topics) on the right, with its title bar. */
export function SidePanelAside({
  label,
  className,
  style,
  onClose,
  children,
}: {
  label: string;
  className: string;
  style: CSSProperties | undefined;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <aside className={className} style={style} aria-label={label} data-side-panel="">
      <PanelHeader label={label} onClose={onClose} />
      {children}
    </aside>
  );
}
