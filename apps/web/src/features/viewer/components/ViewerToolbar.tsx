import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
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
  ScanEye,
  Scissors,
  SquareDashedMousePointer,
} from 'lucide-react';
import { menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import type { MeasurementKind } from '../engine';
import { SHORTCUT_KEYS, STANDARD_VIEWS, type ShortcutAction } from '../shortcuts';
import type { ViewerCommands } from '../useViewerCommands';
import type { ViewerSnapshot } from '../useViewerSnapshot';
import { ClearItem, Divider, LabelWithShortcut, TipButton, ToolMenu } from './ToolbarControls';
import { GroupButton, GroupSeparator, moveToolbarFocus, ToolGroup } from './ToolGroup';
import { PhoneMoreMenu, WideOnly } from './PhoneMoreMenu';

export const SCREENSHOT_SIZES = ['view', '2x', '1920x1080', '3840x2160'] as const;
export type ScreenshotSize = (typeof SCREENSHOT_SIZES)[number];

/**
 * The viewer's floating toolbar, one row in groups: navigate (selection modes, walk, projection,
 * standard views) and fit, inspect (visibility, X-ray, colours, edges, screenshots), section,
 * measure, markup, then the page's tools with the issues panel, the panels and help. Every tool
 * says its shortcut (tooltip or group row).
 */
/** A page's on/off tool in a toolbar group (and the phone's More menu). */
export interface ToolbarToggle {
  icon: LucideIcon;
  label: string;
  on: boolean;
  onToggle: () => void;
}

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
  markup,
  navigateToggles = [],
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
  /** The markup group (after measuring), if the page has markup tools. */
  markup?: ReactNode;
  /** The page's own toggles of the Navigate group (a model's storey plans); the More menu's on a phone. */
  navigateToggles?: readonly ToolbarToggle[];
  /** The page's tools and the side panel's toggle (the issues group), before the panels. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const key = (action: ShortcutAction) => SHORTCUT_KEYS[action];
  const hasSelection = snapshot.selection.length > 0;
  const tool = snapshot.tool;
  const measuring = tool.startsWith('measure-');
  const measureKinds: MeasurementKind[] = ['point', 'distance', 'angle', 'area'];

  const navIcon = snapshot.walking
    ? Footprints
    : tool === 'box-select'
      ? SquareDashedMousePointer
      : MousePointer2;
  const inspecting = snapshot.xray || colored || edges;

  return (
    <div
      // Lies over the 3D view: fits frame the rest (useViewInsets).
      data-covers-view=""
      role="toolbar"
      aria-label={t('viewer.toolbar')}
      onKeyDown={moveToolbarFocus}
      // One row at every width: from the md breakpoint up the tools sit in groups (navigate,
      // inspect, section, measure, markup, then the page's tools and the panels); on a phone a
      // shorter row with the rest in the More menu.
      className="pointer-events-auto flex max-w-full flex-nowrap items-center gap-0.5 rounded-xl border border-gray-200 bg-white/95 p-1 shadow-lg backdrop-blur"
    >
      <WideOnly>
        <ToolGroup
          icon={navIcon}
          label={t('viewer.groups.navigate')}
          active={tool === 'box-select' || snapshot.walking}
        >
          {(close) => (
            <>
              <GroupButton
                icon={MousePointer2}
                label={t('viewer.actions.select')}
                pressed={tool === 'select' && !snapshot.walking}
                onClick={() => {
                  commands.select();
                  close();
                }}
              />
              <GroupButton
                icon={SquareDashedMousePointer}
                label={t('viewer.actions.boxSelect')}
                shortcut={key('boxSelect')}
                pressed={tool === 'box-select'}
                onClick={() => {
                  commands.boxSelect();
                  close();
                }}
              />
              <GroupButton
                icon={Footprints}
                label={t('viewer.actions.walk')}
                shortcut={key('walk')}
                pressed={snapshot.walking}
                onClick={() => {
                  commands.toggleWalk();
                  close();
                }}
              />
              <GroupSeparator />
              <GroupButton
                icon={Box}
                label={t('viewer.actions.orthographic')}
                shortcut={key('projection')}
                pressed={snapshot.projection === 'orthographic'}
                onClick={commands.toggleProjection}
              />
              <p className="px-2 pt-1 text-xs font-medium text-gray-500" aria-hidden>
                {t('viewer.actions.views')}
              </p>
              {STANDARD_VIEWS.map((view) => (
                <GroupButton
                  key={view}
                  label={t(`viewer.views.${view}`)}
                  shortcut={key(`view:${view}`)}
                  onClick={() => {
                    commands.view(view);
                    close();
                  }}
                />
              ))}
              {navigateToggles.length > 0 && <GroupSeparator />}
              {navigateToggles.map((toggle) => (
                <GroupButton
                  key={toggle.label}
                  icon={toggle.icon}
                  label={toggle.label}
                  pressed={toggle.on}
                  onClick={() => {
                    toggle.onToggle();
                    close();
                  }}
                />
              ))}
            </>
          )}
        </ToolGroup>
      </WideOnly>
      <TipButton
        icon={Maximize}
        label={t('viewer.actions.fit')}
        shortcut={key('fit')}
        onClick={commands.fit}
      />
      {/* On a phone Isolate stays on the row (the rest of Inspect is in the More menu). */}
      <span className="contents md:hidden">
        <TipButton
          icon={Focus}
          label={t('viewer.actions.isolate')}
          shortcut={key('isolate')}
          disabled={!hasSelection}
          onClick={commands.isolate}
        />
      </span>
      <WideOnly>
        <Divider />
        <ToolGroup icon={ScanEye} label={t('viewer.groups.inspect')} active={inspecting}>
          {() => (
            <>
              <GroupButton
                icon={EyeOff}
                label={t('viewer.actions.hide')}
                shortcut={key('hide')}
                disabled={!hasSelection}
                onClick={commands.hide}
              />
              <GroupButton
                icon={Focus}
                label={t('viewer.actions.isolate')}
                shortcut={key('isolate')}
                disabled={!hasSelection}
                onClick={commands.isolate}
              />
              <GroupButton
                icon={Eye}
                label={t('viewer.actions.showAll')}
                shortcut={key('showAll')}
                onClick={commands.showAll}
              />
              <GroupSeparator />
              <GroupButton
                icon={Ghost}
                label={t('viewer.actions.xray')}
                shortcut={key('xray')}
                pressed={snapshot.xray}
                onClick={commands.toggleXray}
              />
              <GroupButton
                icon={Palette}
                label={t('viewer.actions.colorByType')}
                pressed={colored}
                onClick={commands.toggleColorByType}
              />
              <GroupButton
                icon={PenLine}
                label={t('viewer.actions.edges')}
                pressed={edges}
                onClick={commands.toggleEdges}
              />
              <GroupSeparator />
              <p className="px-2 pt-1 text-xs font-medium text-gray-500" aria-hidden>
                {t('viewer.actions.screenshot')}
              </p>
              {SCREENSHOT_SIZES.map((size) => (
                <GroupButton
                  key={size}
                  icon={Camera}
                  label={
                    size === 'view'
                      ? t('viewer.screenshot.view')
                      : size === '2x'
                        ? t('viewer.screenshot.double')
                        : t('viewer.screenshot.pixels', { size: size.replace('x', ' × ') })
                  }
                  onClick={() => onScreenshot(size)}
                />
              ))}
            </>
          )}
        </ToolGroup>
      </WideOnly>
      <WideOnly>
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
      {/* The markup group's slot: empty until the page gives it tools (ViewerWorkspace's
          toolbarMarkup). */}
      {markup}
      <WideOnly>
        <Divider />
      </WideOnly>
      {extra}
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
      <PhoneMoreMenu
        commands={commands}
        snapshot={snapshot}
        edges={edges}
        colored={colored}
        onScreenshot={() => onScreenshot('view')}
        onHelp={onHelp}
        toggles={navigateToggles}
      />
    </div>
  );
}
