import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createSheetViewer,
  type SheetMeasurement,
  type SheetSearchHit,
  type SheetSource,
  type SheetTool,
  type SheetViewer,
} from '@truss/viewer/sheet';
import { takeEarlySheet, type EarlySheet } from './early-sheet';
import { pdfWorkerUrl } from './pdf-worker';

declare global {
  interface Window {
    /** The live sheet engine of the page's sheet view (browser tests). */
    __trussSheet?: SheetViewer;
  }
}

export type SheetLoadState = 'loading' | 'loaded' | 'error';

/** What the sheet view's controls show, kept in step with the engine's events. */
export interface SheetSnapshot {
  state: SheetLoadState;
  /** The sheet loaded (`state` 'loaded'), null while loading. */
  sheetId: string | null;
  zoom: number;
  tool: SheetTool;
  layers: { name: string; color: string; visible: boolean }[];
  hits: SheetSearchHit[];
  currentHit: number;
  measurements: readonly SheetMeasurement[];
  /** The calibrate tool picked two points: the known length is asked. */
  calibrating: boolean;
  calibrated: boolean;
}

const initial: SheetSnapshot = {
  state: 'loading',
  sheetId: null,
  zoom: 100,
  tool: 'pan',
  layers: [],
  hits: [],
  currentHit: -1,
  measurements: [],
  calibrating: false,
  calibrated: false,
};

/**
 * The sheet engine in `hostRef` with `source` loaded, and a snapshot of what the controls show.
 * The engine lives as long as the host; a new source loads into the same engine.
 */
export function useSheetViewer(
  hostRef: RefObject<HTMLDivElement | null>,
  source: SheetSource | null,
  requestInit?: RequestInit,
): {
  viewer: SheetViewer | null;
  snapshot: SheetSnapshot;
  /** Re-reads the engine's layers, hits, tool and measurements. */
  update: () => void;
  /** Searches the sheet's texts; the hits are highlighted and counted. */
  search: (text: string) => void;
} {
  const { t, i18n } = useTranslation();
  const [viewer, setViewer] = useState<SheetViewer | null>(null);
  const [snapshot, setSnapshot] = useState<SheetSnapshot>(initial);
  /** The drawing page's boot's engine, taken over with the sheet it loaded (or is loading). */
  const [early, setEarly] = useState<EarlySheet | null>(null);
  const label = t('viewer.sheets.canvas');
  const locale = i18n.language;
  // The source first shown, for the boot's engine (which loaded that sheet) only.
  const firstSource = useRef(source);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const first = firstSource.current;
    // Signed the same (the boot's list is the page's first), or it is not the boot's sheet.
    const taken = first && !requestInit ? takeEarlySheet(first.info.id, first.contentUrl) : null;
    let engine: SheetViewer;
    if (taken) {
      engine = taken.engine;
      engine.mount(host);
      engine.canvas.setAttribute('aria-label', label);
      taken.outline.remove();
    } else {
      engine = createSheetViewer({
        container: host,
        pdfWorkerSrc: pdfWorkerUrl,
        label,
        locale,
        ...(requestInit ? { requestInit } : {}),
      });
    }
    setEarly(taken);
    window.__trussSheet = engine;
    const offs = [
      engine.on('viewchange', ({ zoom }) => setSnapshot((s) => ({ ...s, zoom }))),
      engine.on('toolchange', ({ tool }) =>
        setSnapshot((s) => ({ ...s, tool, calibrating: false })),
      ),
      engine.on('measure', ({ measurements }) =>
        setSnapshot((s) => ({ ...s, measurements, calibrated: engine.calibration().calibrated })),
      ),
      engine.on('calibrationpick', () => setSnapshot((s) => ({ ...s, calibrating: true }))),
      engine.on('hitselect', ({ index }) => setSnapshot((s) => ({ ...s, currentHit: index }))),
    ];
    setViewer(engine);
    return () => {
      for (const off of offs) off();
      engine.dispose();
      if (window.__trussSheet === engine) delete window.__trussSheet;
      setViewer(null);
    };
  }, [hostRef, label, locale, requestInit]);

  useEffect(() => {
    if (!viewer || !source) return;
    let live = true;
    setSnapshot({ ...initial });
    // The boot's engine has this sheet (loaded or on its way): not loaded again.
    const adopted = early?.engine === viewer && source === firstSource.current;
    if (!adopted) document.body.dataset.sheetState = 'loading';
    // A failed early load is the page's to do again (and to report).
    (adopted ? early.loaded.catch(() => viewer.load(source)) : viewer.load(source)).then(
      () => {
        if (!live) return;
        document.body.dataset.sheetState = 'loaded';
        setSnapshot((s) => ({
          ...s,
          state: 'loaded',
          sheetId: source.info.id,
          zoom: viewer.zoom(),
          layers: viewer.layers(),
        }));
      },
      (error: unknown) => {
        if (!live) return;
        console.error('[sheets] failed to load the sheet', error);
        document.body.dataset.sheetState = 'error';
        setSnapshot((s) => ({ ...s, state: 'error' }));
      },
    );
    return () => {
      live = false;
    };
  }, [viewer, source, early]);

  const update = () => {
    if (!viewer) return;
    setSnapshot((s) => ({
      ...s,
      layers: viewer.layers(),
      tool: viewer.tool(),
      measurements: viewer.measurements(),
      calibrated: viewer.calibration().calibrated,
      hits: [...viewer.hits()],
      currentHit: viewer.currentHit(),
    }));
  };
  const search = (text: string) => {
    if (!viewer) return;
    viewer.search(text);
    update();
  };
  return { viewer, snapshot, update, search };
}
