import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Layers2, Map as MapIcon } from 'lucide-react';
import type { LoadedModelInfo, Viewer } from '../engine';
import { useSheetLayout } from '../sheets/SheetLayout';
import { SheetView, type WorkspaceSheets } from '../sheets/SheetView';
import type { ToolbarToggle } from '../components/ViewerToolbar';
import type { PanelLayers } from '../panel-layers';
import { PlanMinimap } from './PlanMinimap';
import { storeyPlansOf } from './plan-geometry';
import { sheetFocus, useSheetFocus } from '../sheets/sheet-focus';

/**
 * The workspace's sheet region and an IFC model's storey plans: the minimap over the 3D view
 * and the plans in the sheet view beside it, each toggled from the toolbar. A drawing's own
 * sheets (`sheets`) take the sheet view when given.
 */
export function useWorkspaceSheets({
  viewer,
  plans,
  sheets,
  sheetsOnly,
  info,
  loaded,
  narrow,
  embed,
  layers,
}: {
  viewer: Viewer | null;
  plans: WorkspaceSheets | undefined;
  sheets: WorkspaceSheets | undefined;
  sheetsOnly: boolean;
  /** The one model in the view (null with several: plans are per model). */
  info: LoadedModelInfo | null;
  loaded: boolean;
  narrow: boolean;
  embed: boolean;
  /** A side panel's layer over the sheet and its toolbar entry (markup). */
  layers?: PanelLayers | undefined;
}): {
  layout: ReturnType<typeof useSheetLayout>;
  sheetRegion: ReactNode;
  /** The plans' toggles, in the toolbar's Navigate group (a phone's More menu); none without plans. */
  planToggles: ToolbarToggle[];
  minimap: ReactNode;
} {
  const { t } = useTranslation();
  const storeyPlans = useMemo(() => storeyPlansOf(plans?.sheets ?? []), [plans]);
  const planInfo = storeyPlans.length > 0 ? info : null;
  // Asked for (Navigate > Storey minimap): over the view's corner it would hide part of the model.
  const [minimapOpen, setMinimapOpen] = useState(false);
  const [beside, setBeside] = useState(false);
  // The sheet view opens on the minimap's storey.
  const [current, setCurrent] = useState<string | null>(null);
  const selected = useSelectedRows(viewer, planInfo);
  const onElementClick = useCallback(
    (row: number | null) => {
      if (!viewer || !planInfo) return;
      if (row === null) viewer.selection.clear();
      else viewer.selection.set([planInfo.offset + row]);
    },
    [viewer, planInfo],
  );
  const shownSheets: WorkspaceSheets | undefined =
    sheets ??
    (plans && beside && planInfo
      ? {
          ...plans,
          sheets: storeyPlans,
          ...(current ? { initialSheet: current } : {}),
          onElementClick,
          highlighted: selected,
        }
      : undefined);
  const planToggles: ToolbarToggle[] =
    planInfo && !embed
      ? [
          {
            icon: MapIcon,
            label: t('viewer.plans.minimap'),
            on: minimapOpen,
            onToggle: () => setMinimapOpen((open) => !open),
          },
          {
            icon: Layers2,
            label: t('viewer.plans.beside'),
            on: beside,
            onToggle: () => setBeside((open) => !open),
          },
        ]
      : [];
  const minimap = viewer && planInfo && minimapOpen && loaded && (
    <PlanMinimap
      viewer={viewer}
      plans={storeyPlans}
      info={planInfo}
      {...(plans?.requestInit ? { requestInit: plans.requestInit } : {})}
      onStoreyChange={setCurrent}
      onClose={() => setMinimapOpen(false)}
    />
  );
  const layout = useSheetLayout(shownSheets, sheetsOnly, narrow);
  // A storey plan asked to be shown (a topic on it): the plans open beside, on a phone in front.
  const focus = useSheetFocus();
  const { setPhoneRegion } = layout;
  useEffect(() => {
    if (!focus || !sheetFocus.waiting(focus)) return;
    if (!(sheets?.sheets ?? storeyPlans).some((sheet) => sheet.id === focus.sheetId)) return;
    if (!sheets) {
      setBeside(true);
      setCurrent(focus.sheetId);
    }
    setPhoneRegion('sheets');
  }, [focus, sheets, storeyPlans, setPhoneRegion]);
  const sheetRegion = layout.showSheets && shownSheets && (
    <SheetView
      sheets={shownSheets.sheets}
      requestInit={shownSheets.requestInit}
      {...(shownSheets.initialSheet ? { initialSheet: shownSheets.initialSheet } : {})}
      {...(shownSheets.onElementClick ? { onElementClick: shownSheets.onElementClick } : {})}
      {...(shownSheets.highlighted ? { highlighted: shownSheets.highlighted } : {})}
      toolbarExtra={shownSheets.toolbarExtra}
      layers={layers}
      narrow={narrow}
    />
  );
  return { layout, sheetRegion, planToggles, minimap };
}

/** The 3D selection as rows of the plans' model (ids outside it left out). */
function useSelectedRows(viewer: Viewer | null, info: LoadedModelInfo | null): readonly number[] {
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    if (!viewer) return;
    setIds(viewer.selection.get());
    return viewer.on('selection-change', (event) => setIds(event.ids));
  }, [viewer]);
  return useMemo(
    () =>
      info ? ids.map((id) => id - info.offset).filter((row) => row >= 0 && row < info.idCount) : [],
    [ids, info],
  );
}
