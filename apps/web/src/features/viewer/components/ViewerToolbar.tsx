import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  Box,
  Camera,
  CircleHelp,
  Eraser,
  Eye,
  EyeOff,
  Focus,
  Footprints,
  Ghost,
  Info,
  ListTree,
  Maximize,
  MousePointer2,
  Palette,
  PenLine,
  Ruler,
  Scissors,
  SquareDashedMousePointer,
  type LucideIcon,
} from 'lucide-react';
import { Tooltip } from '../../../components/ui/Tooltip';
import { menuContentClass, menuItemClass } from '../../../components/ui/LanguageSwitcher';
import type { MeasurementKind } from '../engine';
import { SHORTCUT_KEYS, STANDARD_VIEWS, type ShortcutAction } from '../shortcuts';
import type { ViewerCommands } from '../useViewerCommands';
import type { ViewerSnapshot } from '../useViewerSnapshot';

const buttonBase =
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
        buttonBase,
        active && 'bg-brand-50 text-brand-700 hover:bg-brand-100',
        className,
      )}
      {...rest}
    >
      <Icon className="size-[18px]" aria-hidden />
    </button>
  );
});

function Tip({
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

const Divider = () => <span className="mx-0.5 h-6 w-px shrink-0 bg-gray-200" aria-hidden />;

/**
 * The viewer's floating toolbar: selection, navigation, visibility, sections, measuring, display
 * and panels. Every button has a tooltip with its shortcut.
 */
export function ViewerToolbar({
  commands,
  snapshot,
  edges,
  colored,
  treeOpen,
  propertiesOpen,
  onToggleTree,
  onTogglePropertiesPanel,
  onScreenshot,
  onHelp,
  panels,
  extra,
}: {
  commands: ViewerCommands;
  snapshot: ViewerSnapshot;
  edges: boolean;
  colored: boolean;
  treeOpen: boolean;
  propertiesOpen: boolean;
  onToggleTree: () => void;
  onTogglePropertiesPanel: () => void;
  onScreenshot: () => void;
  onHelp: () => void;
  /** Show the tree/properties toggles (not in embed mode). */
  panels: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const key = (action: ShortcutAction) => SHORTCUT_KEYS[action];
  const hasSelection = snapshot.selection.length > 0;
  const tool = snapshot.tool;
  const measuring = tool.startsWith('measure-');
  const measureKinds: MeasurementKind[] = ['distance', 'angle', 'area'];

  return (
    <div
      role="toolbar"
      aria-label={t('viewer.toolbar')}
      className="pointer-events-auto flex max-w-full flex-wrap items-center justify-center gap-0.5 rounded-xl border border-gray-200 bg-white/95 p-1 shadow-lg backdrop-blur"
    >
      <Tip label={t('viewer.actions.select')}>
        <ToolButton
          icon={MousePointer2}
          label={t('viewer.actions.select')}
          active={tool === 'select'}
          onClick={commands.select}
        />
      </Tip>
      <Tip label={t('viewer.actions.boxSelect')} shortcut={key('boxSelect')}>
        <ToolButton
          icon={SquareDashedMousePointer}
          label={t('viewer.actions.boxSelect')}
          active={tool === 'box-select'}
          onClick={commands.boxSelect}
        />
      </Tip>
      <Divider />
      <Tip label={t('viewer.actions.fit')} shortcut={key('fit')}>
        <ToolButton icon={Maximize} label={t('viewer.actions.fit')} onClick={commands.fit} />
      </Tip>
      <DropdownMenu.Root>
        <Tip label={t('viewer.actions.views')} shortcut="1–7">
          <DropdownMenu.Trigger asChild>
            <ToolButton icon={Box} label={t('viewer.actions.views')} />
          </DropdownMenu.Trigger>
        </Tip>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            sideOffset={8}
            className={menuContentClass}
            onCloseAutoFocus={keepFocusOff}
          >
            {STANDARD_VIEWS.map((view) => (
              <DropdownMenu.Item
                key={view}
                className={menuItemClass}
                onSelect={() => commands.view(view)}
              >
                <span className="flex-1">{t(`viewer.views.${view}`)}</span>
                <kbd className="text-xs text-gray-400">{key(`view:${view}`)}</kbd>
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
            <DropdownMenu.CheckboxItem
              className={menuItemClass}
              checked={snapshot.projection === 'orthographic'}
              onSelect={commands.toggleProjection}
            >
              <span className="flex-1">{t('viewer.actions.orthographic')}</span>
              <kbd className="text-xs text-gray-400">{key('projection')}</kbd>
            </DropdownMenu.CheckboxItem>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Tip
        label={
          snapshot.projection === 'orthographic'
            ? t('viewer.actions.toPerspective')
            : t('viewer.actions.toOrthographic')
        }
        shortcut={key('projection')}
      >
        <button
          type="button"
          onClick={commands.toggleProjection}
          className={clsx(buttonBase, 'w-auto px-2 text-xs font-semibold')}
        >
          {snapshot.projection === 'orthographic'
            ? t('viewer.actions.orthoShort')
            : t('viewer.actions.perspShort')}
        </button>
      </Tip>
      <Tip label={t('viewer.actions.walk')} shortcut={key('walk')}>
        <ToolButton
          icon={Footprints}
          label={t('viewer.actions.walk')}
          active={snapshot.walking}
          onClick={commands.toggleWalk}
        />
      </Tip>
      <Divider />
      <Tip label={t('viewer.actions.hide')} shortcut={key('hide')}>
        <ToolButton
          icon={EyeOff}
          label={t('viewer.actions.hide')}
          disabled={!hasSelection}
          onClick={commands.hide}
        />
      </Tip>
      <Tip label={t('viewer.actions.isolate')} shortcut={key('isolate')}>
        <ToolButton
          icon={Focus}
          label={t('viewer.actions.isolate')}
          disabled={!hasSelection}
          onClick={commands.isolate}
        />
      </Tip>
      <Tip label={t('viewer.actions.showAll')} shortcut={key('showAll')}>
        <ToolButton icon={Eye} label={t('viewer.actions.showAll')} onClick={commands.showAll} />
      </Tip>
      <Tip label={t('viewer.actions.xray')} shortcut={key('xray')}>
        <ToolButton
          icon={Ghost}
          label={t('viewer.actions.xray')}
          active={snapshot.xray}
          onClick={commands.toggleXray}
        />
      </Tip>
      <Tip label={t('viewer.actions.colorByType')}>
        <ToolButton
          icon={Palette}
          label={t('viewer.actions.colorByType')}
          active={colored}
          onClick={commands.toggleColorByType}
        />
      </Tip>
      <Divider />
      <DropdownMenu.Root>
        <Tip label={t('viewer.actions.section')} shortcut={key('section')}>
          <DropdownMenu.Trigger asChild>
            <ToolButton
              icon={Scissors}
              label={t('viewer.actions.section')}
              active={tool === 'section-plane' || snapshot.planes.length > 0 || !!snapshot.box}
            />
          </DropdownMenu.Trigger>
        </Tip>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            sideOffset={8}
            className={menuContentClass}
            onCloseAutoFocus={keepFocusOff}
          >
            <DropdownMenu.CheckboxItem
              className={menuItemClass}
              checked={tool === 'section-plane'}
              onSelect={commands.toggleSectionPlane}
            >
              <span className="flex-1">{t('viewer.actions.sectionPlane')}</span>
              <kbd className="text-xs text-gray-400">{key('section')}</kbd>
            </DropdownMenu.CheckboxItem>
            <DropdownMenu.CheckboxItem
              className={menuItemClass}
              checked={!!snapshot.box}
              onSelect={commands.toggleSectionBox}
            >
              {t('viewer.actions.sectionBox')}
            </DropdownMenu.CheckboxItem>
            <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
            <DropdownMenu.Item
              className={menuItemClass}
              disabled={!snapshot.planes.length && !snapshot.box}
              onSelect={commands.clearSections}
            >
              <Eraser className="size-4" aria-hidden />
              {t('viewer.actions.clearSections')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <DropdownMenu.Root>
        <Tip label={t('viewer.actions.measure')} shortcut={key('measure')}>
          <DropdownMenu.Trigger asChild>
            <ToolButton icon={Ruler} label={t('viewer.actions.measure')} active={measuring} />
          </DropdownMenu.Trigger>
        </Tip>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            sideOffset={8}
            className={menuContentClass}
            onCloseAutoFocus={keepFocusOff}
          >
            {measureKinds.map((kind) => (
              <DropdownMenu.CheckboxItem
                key={kind}
                className={menuItemClass}
                checked={tool === `measure-${kind}`}
                onSelect={() => commands.measure(kind)}
              >
                {t(`viewer.measure.${kind}`)}
              </DropdownMenu.CheckboxItem>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
            <DropdownMenu.Item
              className={menuItemClass}
              disabled={!snapshot.measurements.length}
              onSelect={commands.clearMeasurements}
            >
              <Eraser className="size-4" aria-hidden />
              {t('viewer.actions.clearMeasurements')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Divider />
      <Tip label={t('viewer.actions.edges')}>
        <ToolButton
          icon={PenLine}
          label={t('viewer.actions.edges')}
          active={edges}
          onClick={commands.toggleEdges}
        />
      </Tip>
      <Tip label={t('viewer.actions.screenshot')}>
        <ToolButton icon={Camera} label={t('viewer.actions.screenshot')} onClick={onScreenshot} />
      </Tip>
      <Divider />
      {panels && (
        <>
          <Tip label={t('viewer.actions.tree')}>
            <ToolButton
              icon={ListTree}
              label={t('viewer.actions.tree')}
              active={treeOpen}
              onClick={onToggleTree}
            />
          </Tip>
          <Tip label={t('viewer.actions.properties')}>
            <ToolButton
              icon={Info}
              label={t('viewer.actions.properties')}
              active={propertiesOpen}
              onClick={onTogglePropertiesPanel}
            />
          </Tip>
        </>
      )}
      <Tip label={t('viewer.actions.help')} shortcut={key('help')}>
        <ToolButton icon={CircleHelp} label={t('viewer.actions.help')} onClick={onHelp} />
      </Tip>
      {extra}
    </div>
  );
}
