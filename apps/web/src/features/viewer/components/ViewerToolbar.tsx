import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  Box,
  Camera,
  CircleHelp,
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
} from 'lucide-react';
import { menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import type { MeasurementKind } from '../engine';
import { SHORTCUT_KEYS, STANDARD_VIEWS, type ShortcutAction } from '../shortcuts';
import type { ViewerCommands } from '../useViewerCommands';
import type { ViewerSnapshot } from '../useViewerSnapshot';
import {
  ClearItem,
  Divider,
  LabelWithShortcut,
  Tip,
  TipButton,
  toolButtonClass,
  ToolMenu,
} from './ToolbarControls';
import { PhoneMoreMenu, WideOnly } from './PhoneMoreMenu';

export const SCREENSHOT_SIZES = ['view', '2x', '1920x1080', '3840x2160'] as const;
export type ScreenshotSize = (typeof SCREENSHOT_SIZES)[number];

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
  /** A PNG of the view at its size (full pixel ratio), twice that, or a fixed size. */
  onScreenshot: (size: ScreenshotSize) => void;
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
  const measureKinds: MeasurementKind[] = ['point', 'distance', 'angle', 'area'];

  return (
    <div
      // Lies over the 3D view: fits frame the rest (useViewInsets).
      data-covers-view=""
      role="toolbar"
      aria-label={t('viewer.toolbar')}
      // On a phone one row that fits (the rest is in the More menu; it still scrolls sideways on
      // the narrowest screens rather than wrapping over the view); wider, it wraps.
      className="pointer-events-auto flex max-w-full flex-nowrap items-center gap-0.5 overflow-x-auto overscroll-x-contain rounded-xl border border-gray-200 bg-white/95 p-1 shadow-lg backdrop-blur md:flex-wrap md:justify-center md:overflow-visible"
    >
      <WideOnly>
        <TipButton
          icon={MousePointer2}
          label={t('viewer.actions.select')}
          active={tool === 'select'}
          onClick={commands.select}
        />
        <TipButton
          icon={SquareDashedMousePointer}
          label={t('viewer.actions.boxSelect')}
          shortcut={key('boxSelect')}
          active={tool === 'box-select'}
          onClick={commands.boxSelect}
        />
        <Divider />
      </WideOnly>
      <TipButton
        icon={Maximize}
        label={t('viewer.actions.fit')}
        shortcut={key('fit')}
        onClick={commands.fit}
      />
      <WideOnly>
        <ToolMenu icon={Box} label={t('viewer.actions.views')} shortcut="1–7">
          {STANDARD_VIEWS.map((view) => (
            <DropdownMenu.Item
              key={view}
              className={menuItemClass}
              onSelect={() => commands.view(view)}
            >
              <LabelWithShortcut label={t(`viewer.views.${view}`)} shortcut={key(`view:${view}`)} />
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
          <DropdownMenu.CheckboxItem
            className={menuItemClass}
            checked={snapshot.projection === 'orthographic'}
            onSelect={commands.toggleProjection}
          >
            <LabelWithShortcut
              label={t('viewer.actions.orthographic')}
              shortcut={key('projection')}
            />
          </DropdownMenu.CheckboxItem>
        </ToolMenu>
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
            className={clsx(toolButtonClass, 'w-auto px-2 text-xs font-semibold')}
          >
            {snapshot.projection === 'orthographic'
              ? t('viewer.actions.orthoShort')
              : t('viewer.actions.perspShort')}
          </button>
        </Tip>
        <TipButton
          icon={Footprints}
          label={t('viewer.actions.walk')}
          shortcut={key('walk')}
          active={snapshot.walking}
          onClick={commands.toggleWalk}
        />
        <Divider />
      </WideOnly>
      <WideOnly>
        <TipButton
          icon={EyeOff}
          label={t('viewer.actions.hide')}
          shortcut={key('hide')}
          disabled={!hasSelection}
          onClick={commands.hide}
        />
      </WideOnly>
      <TipButton
        icon={Focus}
        label={t('viewer.actions.isolate')}
        shortcut={key('isolate')}
        disabled={!hasSelection}
        onClick={commands.isolate}
      />
      <WideOnly>
        <TipButton
          icon={Eye}
          label={t('viewer.actions.showAll')}
          shortcut={key('showAll')}
          onClick={commands.showAll}
        />
        <TipButton
          icon={Ghost}
          label={t('viewer.actions.xray')}
          shortcut={key('xray')}
          active={snapshot.xray}
          onClick={commands.toggleXray}
        />
        <TipButton
          icon={Palette}
          label={t('viewer.actions.colorByType')}
          active={colored}
          onClick={commands.toggleColorByType}
        />
        <Divider />
        <ToolMenu
          icon={Scissors}
          label={t('viewer.actions.section')}
          shortcut={key('section')}
          active={tool.startsWith('section-') || snapshot.planes.length > 0 || !!snapshot.box}
        >
          <DropdownMenu.CheckboxItem
            className={menuItemClass}
            checked={tool === 'section-plane'}
            onSelect={commands.toggleSectionPlane}
          >
            <LabelWithShortcut label={t('viewer.actions.sectionPlane')} shortcut={key('section')} />
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.CheckboxItem
            className={menuItemClass}
            checked={!!snapshot.box}
            onSelect={commands.toggleSectionBox}
          >
            {t('viewer.actions.sectionBox')}
          </DropdownMenu.CheckboxItem>
          <ClearItem
            label={t('viewer.actions.clearSections')}
            disabled={!snapshot.planes.length && !snapshot.box}
            onSelect={commands.clearSections}
          />
        </ToolMenu>
      </WideOnly>
      <ToolMenu
        icon={Ruler}
        label={t('viewer.actions.measure')}
        shortcut={key('measure')}
        active={measuring}
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
        <ClearItem
          label={t('viewer.actions.clearMeasurements')}
          disabled={!snapshot.measurements.length}
          onSelect={commands.clearMeasurements}
        />
      </ToolMenu>
      <WideOnly>
        <Divider />
        <TipButton
          icon={PenLine}
          label={t('viewer.actions.edges')}
          active={edges}
          onClick={commands.toggleEdges}
        />
        <ToolMenu icon={Camera} label={t('viewer.actions.screenshot')}>
          {SCREENSHOT_SIZES.map((size) => (
            <DropdownMenu.Item
              key={size}
              className={menuItemClass}
              onSelect={() => onScreenshot(size)}
            >
              {size === 'view'
                ? t('viewer.screenshot.view')
                : size === '2x'
                  ? t('viewer.screenshot.double')
                  : t('viewer.screenshot.pixels', { size: size.replace('x', ' × ') })}
            </DropdownMenu.Item>
          ))}
        </ToolMenu>
        <Divider />
      </WideOnly>
      {panels && (
        <>
          <TipButton
            icon={ListTree}
            label={t('viewer.actions.tree')}
            active={treeOpen}
            onClick={onToggleTree}
          />
          <TipButton
            icon={Info}
            label={t('viewer.actions.properties')}
            active={propertiesOpen}
            onClick={onTogglePropertiesPanel}
          />
        </>
      )}
      <WideOnly>
        <TipButton
          icon={CircleHelp}
          label={t('viewer.actions.help')}
          shortcut={key('help')}
          onClick={onHelp}
        />
      </WideOnly>
      {extra}
      <PhoneMoreMenu
        commands={commands}
        snapshot={snapshot}
        edges={edges}
        colored={colored}
        onScreenshot={() => onScreenshot('view')}
        onHelp={onHelp}
      />
    </div>
  );
}
