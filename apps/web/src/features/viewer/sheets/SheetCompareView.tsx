import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle } from 'lucide-react';
import type { Sheet } from '@truss/contracts';
import { COMPARE_COLORS } from '@truss/viewer/sheet';
import { Spinner } from '../../../components/ui/Spinner';
import { SheetToolbar } from './SheetToolbar';
import { sheetSource } from './sheet-source';
import { useSheetViewer } from './useSheetViewer';

type CompareState = 'loading' | 'ready' | 'error';

/**
 * Two versions of one sheet as an overlay in the sheet engine (`compareWith`): ink only the
 * older version has in red, only the newer in green, both in grey, with the legend; the sheet
 * toolbar's fit and zoom. Vector sheets (DWG, DXF) and PDF pages, each against its own kind (a
 * drawing's versions share a format; a mix says it cannot be compared).
 * `body[data-sheet-compare]` says the overlay's state (browser tests).
 */
export function SheetCompareView({
  older,
  newer,
  olderLabel,
  newerLabel,
  requestInit,
}: {
  older: Sheet;
  newer: Sheet;
  olderLabel: string;
  newerLabel: string;
  requestInit?: RequestInit;
}) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const source = useMemo(() => sheetSource(newer), [newer]);
  const { viewer, snapshot, update } = useSheetViewer(hostRef, source, requestInit);
  const [state, setState] = useState<CompareState>('loading');
  // Vector against vector, PDF page against PDF page: the engine overlays those.
  const comparable = older.content === newer.content;

  useEffect(() => {
    if (!viewer || snapshot.state !== 'loaded' || !comparable) return;
    let live = true;
    setState('loading');
    document.body.dataset.sheetCompare = 'loading';
    viewer.compareWith(sheetSource(older)).then(
      () => {
        if (!live) return;
        setState('ready');
        document.body.dataset.sheetCompare = 'ready';
      },
      (error: unknown) => {
        if (!live) return;
        console.error('[sheets] failed to load the older sheet', error);
        setState('error');
        document.body.dataset.sheetCompare = 'error';
      },
    );
    return () => {
      live = false;
    };
  }, [viewer, snapshot.state, older, comparable]);

  const failed = !comparable || state === 'error' || snapshot.state === 'error';
  const legend = [
    { color: COMPARE_COLORS.removed, label: t('compare.sheets.removed', { number: olderLabel }) },
    { color: COMPARE_COLORS.added, label: t('compare.sheets.added', { number: newerLabel }) },
    { color: COMPARE_COLORS.unchanged, label: t('compare.sheets.unchanged') },
  ];
  return (
    <div className="relative min-h-0 min-w-0 flex-1 overflow-hidden bg-gray-200">
      <div ref={hostRef} className="absolute inset-0" />
      {failed ? (
        <div role="alert" className="absolute inset-0 flex items-center justify-center p-4">
          <div className="flex items-center gap-2 rounded-xl border border-red-200 bg-white px-4 py-3 text-sm text-red-700 shadow">
            <AlertCircle className="size-4" aria-hidden />
            {comparable ? t('viewer.sheets.loadFailed') : t('compare.sheets.differentKinds')}
          </div>
        </div>
      ) : (
        state === 'loading' && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <Spinner className="size-6 text-brand-600" label={t('compare.loading')} />
          </div>
        )
      )}
      <ul
        aria-label={t('compare.sheets.legend')}
        className="absolute top-3 left-3 z-10 flex max-w-[calc(100%-1.5rem)] flex-col gap-1 rounded-xl border border-gray-200 bg-white/95 px-3 py-2 text-sm text-gray-800 shadow-md"
      >
        {legend.map(({ color, label }) => (
          <li key={color} className="flex items-center gap-2">
            <span
              className="size-3 shrink-0 rounded-sm"
              style={{ background: color }}
              aria-hidden
            />
            {label}
          </li>
        ))}
      </ul>
      {viewer && (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 z-10 flex justify-center px-2">
          <SheetToolbar viewer={viewer} kind={newer.kind} snapshot={snapshot} onChanged={update} />
        </div>
      )}
    </div>
  );
}
