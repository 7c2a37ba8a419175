import { useTranslation } from 'react-i18next';
import { AlertTriangle, RotateCcw, X } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Progress } from '../../../shared/ui/Progress';
import { formatBytes } from '../../../lib/format';
import type { LoadProgress, Viewer } from '../engine';
import type { LegendEntry } from '../useViewerCommands';
import { useLoadProgress, type ViewerLoadState } from '../useViewerLoad';

/** Percent of the viewable downloaded (null while the size is unknown). */
function loadPercent(progress: LoadProgress | null): number | null {
  if (!progress) return null;
  if (progress.stage === 'done') return 100;
  return progress.fraction === null ? null : Math.round(progress.fraction * 100);
}

/** Before the first frame: a card with the download progress; after it, a thin bar on top. */
export function LoadOverlay({
  viewer,
  phase,
  onRetry,
}: {
  viewer: Viewer | null;
  phase: ViewerLoadState['phase'];
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const progress = useLoadProgress(viewer, phase === 'loading' || phase === 'first-frame');
  if (phase === 'error') {
    return (
      <div className="absolute inset-0 z-10 flex items-center justify-center bg-gray-100/80 p-4">
        <div
          role="alert"
          className="w-full max-w-sm rounded-2xl border border-gray-200 bg-white p-5 text-center shadow-lg"
        >
          <AlertTriangle className="mx-auto size-8 text-red-500" aria-hidden />
          <p className="mt-3 font-medium text-gray-900">{t('viewer.load.failed')}</p>
          <p className="mt-1 text-sm text-gray-600">{t('viewer.load.failedHint')}</p>
          <Button className="mt-4" variant="secondary" onClick={onRetry}>
            <RotateCcw className="size-4" aria-hidden />
            {t('viewer.load.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (phase === 'loaded') return null;
  const percent = loadPercent(progress);
  const label = t('viewer.load.label');
  if (phase === 'first-frame') {
    return (
      <div className="pointer-events-none absolute inset-x-0 top-0 z-10">
        <Progress value={percent} label={label} className="h-1 rounded-none bg-transparent" />
      </div>
    );
  }
  const bytes = progress
    ? progress.totalBytes
      ? t('viewer.load.bytes', {
          loaded: formatBytes(progress.loadedBytes, i18n.language),
          total: formatBytes(progress.totalBytes, i18n.language),
        })
      : formatBytes(progress.loadedBytes, i18n.language)
    : null;
  return (
    <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center p-4">
      <div className="w-full max-w-xs rounded-2xl border border-gray-200 bg-white/95 p-4 shadow-lg">
        <div className="mb-2 flex items-center justify-between gap-2 text-sm">
          <span className="font-medium text-gray-900">
            {t(`viewer.load.stage.${progress?.stage ?? 'download'}`)}
          </span>
          {percent !== null && <span className="text-gray-600 tabular-nums">{percent}%</span>}
        </div>
        <Progress value={percent} label={label} />
        {bytes && <p className="mt-2 text-xs text-gray-500 tabular-nums">{bytes}</p>}
      </div>
    </div>
  );
}

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** What the colours on the model mean (by type, or by a property's values). */
export function ColorLegend({
  title,
  entries,
  onClose,
}: {
  title: string;
  entries: LegendEntry[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-auto flex max-h-72 w-56 flex-col rounded-xl border border-gray-200 bg-white/95 text-xs shadow-lg backdrop-blur">
      <div className="flex items-center justify-between border-b border-gray-100 px-3 py-2">
        <span className="min-w-0 truncate font-semibold text-gray-800" title={title}>
          {title}
        </span>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('viewer.legend.close')}
          className="rounded p-0.5 text-gray-400 hover:text-gray-800"
        >
          <X className="size-3.5" />
        </button>
      </div>
      <ul className="min-h-0 overflow-y-auto p-2">
        {entries.map((entry) => (
          <li key={entry.key} className="flex items-center gap-2 py-0.5">
            <span
              className="size-3 shrink-0 rounded-sm ring-1 ring-black/10"
              style={{ background: hex(entry.color) }}
            />
            <span className="min-w-0 flex-1 truncate text-gray-800" title={entry.key}>
              {entry.key}
            </span>
            <span className="text-gray-500 tabular-nums">{entry.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
