import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Check, Ellipsis } from 'lucide-react';
import { menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import { STANDARD_VIEWS } from '../shortcuts';
import type { ViewerCommands } from '../useViewerCommands';
import type { ViewerSnapshot } from '../useViewerSnapshot';
import { ToolMenu } from './ToolbarControls';

/** Shows its children from the md breakpoint up only (the phone row keeps the rest). */
export function WideOnly({ children }: { children: ReactNode }) {
  return <span className="hidden md:contents">{children}</span>;
}

const Separator = () => <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />;

/**
 * On a phone the toolbar keeps one row that fits the screen (fit, isolate, measure, the panels
 * and the page's own tools); everything else is here, so no tool needs a sideways swipe to be
 * found. Hidden from the md breakpoint up, where the toolbar shows every button.
 */
export function PhoneMoreMenu({
  commands,
  snapshot,
  edges,
  colored,
  onScreenshot,
  onHelp,
  toggles = [],
}: {
  commands: ViewerCommands;
  snapshot: ViewerSnapshot;
  edges: boolean;
  colored: boolean;
  onScreenshot: () => void;
  onHelp: () => void;
  /** The page's own toggles (a model's storey plans), after the navigation items. */
  toggles?: readonly { label: string; on: boolean; onToggle: () => void }[];
}) {
  const { t } = useTranslation();
  const tool = snapshot.tool;
  const hasSelection = snapshot.selection.length > 0;
  const check = (label: string, checked: boolean, onSelect: () => void, disabled = false) => (
    <DropdownMenu.CheckboxItem
      className={menuItemClass}
      checked={checked}
      disabled={disabled}
      onSelect={onSelect}
    >
      <span className="flex-1">{label}</span>
      {/* The on/off state must show: on a phone this menu is the only place to see it. */}
      <DropdownMenu.ItemIndicator>
        <Check className="size-4 text-brand-600" aria-hidden />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.CheckboxItem>
  );
  const item = (label: string, onSelect: () => void, disabled = false) => (
    <DropdownMenu.Item className={menuItemClass} disabled={disabled} onSelect={onSelect}>
      {label}
    </DropdownMenu.Item>
  );
  return (
    <span className="contents md:hidden">
      <ToolMenu icon={Ellipsis} label={t('viewer.actions.more')}>
        <div className="max-h-[60dvh] overflow-y-auto" data-testid="viewer-more-menu">
          {check(t('viewer.actions.select'), tool === 'select', commands.select)}
          {check(t('viewer.actions.boxSelect'), tool === 'box-select', commands.boxSelect)}
          <Separator />
          {item(t('viewer.actions.hide'), commands.hide, !hasSelection)}
          {item(t('viewer.actions.showAll'), commands.showAll)}
          {check(t('viewer.actions.xray'), snapshot.xray, commands.toggleXray)}
          {check(t('viewer.actions.colorByType'), colored, commands.toggleColorByType)}
          {check(t('viewer.actions.edges'), edges, commands.toggleEdges)}
          <Separator />
          {toggles.map((toggle) => (
            <Fragment key={toggle.label}>
              {check(toggle.label, toggle.on, toggle.onToggle)}
            </Fragment>
          ))}
          {check(t('viewer.actions.walk'), snapshot.walking, commands.toggleWalk)}
          {check(
            t('viewer.actions.orthographic'),
            snapshot.projection === 'orthographic',
            commands.toggleProjection,
          )}
          {STANDARD_VIEWS.map((view) => (
            <DropdownMenu.Item
              key={view}
              className={menuItemClass}
              onSelect={() => commands.view(view)}
            >
              {t(`viewer.views.${view}`)}
            </DropdownMenu.Item>
          ))}
          <Separator />
          {check(
            t('viewer.actions.sectionPlane'),
            tool === 'section-plane',
            commands.toggleSectionPlane,
          )}
          {check(t('viewer.actions.sectionBox'), !!snapshot.box, commands.toggleSectionBox)}
          {item(
            t('viewer.actions.clearSections'),
            commands.clearSections,
            !snapshot.planes.length && !snapshot.box,
          )}
          <Separator />
          {item(t('viewer.actions.screenshot'), onScreenshot)}
          {item(t('viewer.actions.help'), onHelp)}
        </div>
      </ToolMenu>
    </span>
  );
}
