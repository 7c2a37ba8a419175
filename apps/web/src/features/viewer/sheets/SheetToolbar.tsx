import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu } from 'radix-ui';
import clsx from 'clsx';
import { Crosshair, Maximize, PanelLeft, Ruler, VectorSquare, ZoomIn, ZoomOut } from 'lucide-react';
import type { Sheet } from '@truss/contracts';
import type { SheetTool, SheetViewer } from '@truss/viewer/sheet';
import { menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import {
  ClearItem,
  Divider,
  Tip,
  TipButton,
  ToolMenu,
  toolButtonClass,
} from '../components/ToolbarControls';
import { moveToolbarFocus } from '../components/ToolGroup';
import type { SheetSnapshot } from './useSheetViewer';
import { zoomLabel } from './zoom-label';

const MEASURE_TOOLS = [
  { tool: 'distance', icon: Ruler, key: 'viewer.sheets.distance' },
  { tool: 'area', icon: VectorSquare, key: 'viewer.sheets.area' },
  { tool: 'calibrate', icon: Crosshair, key: 'viewer.sheets.calibrate' },
] as const satisfies readonly {
  tool: Exclude<SheetTool, 'pan'>;
  icon: typeof Ruler;
  key: string;
}[];

/** The sheet view's toolbar: the sheet panel, fit, zoom (the percentage goes to 1:1), measure. */
export function SheetToolbar({
  viewer,
  kind,
  snapshot,
  panelOpen,
  onTogglePanel,
  onChanged,
  extra,
}: {
  viewer: SheetViewer;
  /** The sheet's kind: paper zooms in percent, model space in a scale (zoom-label.ts). */
  kind: Sheet['kind'];
  snapshot: SheetSnapshot;
  /** The sheets and layers panel's toggle (none: no panel, as on the compare page). */
  panelOpen?: boolean;
  onTogglePanel?: () => void;
  onChanged: () => void;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const measuring = snapshot.tool !== 'pan';
  const zoom = zoomLabel(snapshot.zoom, kind, i18n.language);
  const toolIcon: typeof Ruler = MEASURE_TOOLS.find((m) => m.tool === snapshot.tool)?.icon ?? Ruler;
  const pick = (tool: SheetTool) => {
    viewer.setTool(snapshot.tool === tool ? 'pan' : tool);
    viewer.canvas.focus();
    onChanged();
  };
  return (
    <div
      role="toolbar"
      aria-label={t('viewer.sheets.toolbar')}
      onKeyDown={moveToolbarFocus}
      className="pointer-events-auto flex max-w-full flex-nowrap items-center gap-0.5 rounded-xl border border-gray-200 bg-white/95 p-1 shadow-lg backdrop-blur"
    >
      {onTogglePanel && (
        <>
          <TipButton
            icon={PanelLeft}
            label={t('viewer.sheets.panel')}
            active={!!panelOpen}
            onClick={onTogglePanel}
          />
          <Divider />
        </>
      )}
      <TipButton
        icon={Maximize}
        label={t('viewer.sheets.fit')}
        shortcut="0"
        onClick={() => viewer.fit()}
      />
      <TipButton
        icon={ZoomOut}
        label={t('viewer.sheets.zoomOut')}
        shortcut="−"
        onClick={() => viewer.zoomBy(0.8)}
      />
      <Tip label={t('viewer.sheets.paperSize')} shortcut="1">
        <button
          type="button"
          onClick={() => viewer.zoomToPaper()}
          aria-label={t('viewer.sheets.paperSize')}
          className={clsx(
            toolButtonClass,
            'w-auto min-w-14 px-1.5 text-xs font-semibold whitespace-nowrap tabular-nums',
          )}
        >
          {zoom.kind === 'scale' ? zoom.text : t('viewer.sheets.zoomPercent', { value: zoom.text })}
        </button>
      </Tip>
      <TipButton
        icon={ZoomIn}
        label={t('viewer.sheets.zoomIn')}
        shortcut="+"
        onClick={() => viewer.zoomBy(1.25)}
      />
      <Divider />
      <ToolMenu icon={toolIcon} label={t('viewer.sheets.measure')} active={measuring}>
        {MEASURE_TOOLS.map(({ tool, icon: Icon, key }) => (
          <DropdownMenu.CheckboxItem
            key={tool}
            checked={snapshot.tool === tool}
            onSelect={() => pick(tool)}
            className={menuItemClass}
          >
            <Icon className="size-4" aria-hidden />
            {t(key)}
          </DropdownMenu.CheckboxItem>
        ))}
        {snapshot.calibrated && (
          <DropdownMenu.Item
            className={menuItemClass}
            onSelect={() => {
              viewer.resetCalibration();
              onChanged();
            }}
          >
            {t('viewer.sheets.resetCalibration')}
          </DropdownMenu.Item>
        )}
        <ClearItem
          label={t('viewer.sheets.clearMeasurements')}
          disabled={snapshot.measurements.length === 0}
          onSelect={() => {
            viewer.clearMeasurements();
            onChanged();
          }}
        />
      </ToolMenu>
      {extra}
    </div>
  );
}
