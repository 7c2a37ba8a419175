import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Sheet } from '@truss/contracts';
import type { SheetSnapshot } from './useSheetViewer';
import { previewAt } from './sheet-source';

/** The sheet list (thumbnails) and the current sheet's layers with their switches. */
export function SheetPanel({
  sheets,
  thumbnails,
  current,
  onPick,
  layers,
  onToggleLayer,
  onAllLayers,
}: {
  sheets: readonly Sheet[];
  /**
   * Whether the thumbnails may load. Not while the current sheet loads: each is scaled by the
   * server from the stored preview, and three of them held up the sheet's own preview and
   * content by a few hundred ms on a busy server (bench:sheets).
   */
  thumbnails: boolean;
  current: string | null;
  onPick: (id: string) => void;
  layers: SheetSnapshot['layers'];
  onToggleLayer: (name: string, visible: boolean) => void;
  onAllLayers: (visible: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <section aria-labelledby="sheet-list-title" className="border-b border-gray-100 p-2">
        <h3
          id="sheet-list-title"
          className="px-1 pb-1.5 text-xs font-semibold text-gray-500 uppercase"
        >
          {t('viewer.sheets.list', { count: sheets.length })}
        </h3>
        <ul className="grid grid-cols-2 gap-2">
          {sheets.map((sheet) => (
            <li key={sheet.id}>
              <button
                type="button"
                onClick={() => onPick(sheet.id)}
                aria-current={sheet.id === current ? 'true' : undefined}
                className={clsx(
                  'flex w-full flex-col items-stretch gap-1 rounded-lg border p-1 text-left text-xs transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                  sheet.id === current
                    ? 'border-brand-500 bg-brand-50 text-brand-800'
                    : 'border-gray-200 text-gray-700 hover:border-gray-300 hover:bg-gray-50',
                )}
              >
                <img
                  src={thumbnails ? previewAt(sheet.preview_url, 240) : undefined}
                  alt=""
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded bg-white object-contain"
                />
                <span className="truncate px-0.5" title={sheet.name}>
                  {sheet.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sheet-layers-title" className="p-2">
        <div className="flex items-center justify-between px-1 pb-1.5">
          <h3 id="sheet-layers-title" className="text-xs font-semibold text-gray-500 uppercase">
            {t('viewer.sheets.layers', { count: layers.length })}
          </h3>
          {layers.length > 1 && (
            <span className="flex gap-2 text-xs">
              <button
                type="button"
                className="text-brand-700 hover:underline"
                onClick={() => onAllLayers(true)}
              >
                {t('viewer.sheets.allLayersOn')}
              </button>
              <button
                type="button"
                className="text-brand-700 hover:underline"
                onClick={() => onAllLayers(false)}
              >
                {t('viewer.sheets.allLayersOff')}
              </button>
            </span>
          )}
        </div>
        {layers.length === 0 ? (
          <p className="px-1 text-xs text-gray-500">{t('viewer.sheets.noLayers')}</p>
        ) : (
          <ul className="space-y-0.5">
            {layers.map((layer) => (
              <li key={layer.name}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm text-gray-800 hover:bg-gray-50">
                  <input
                    type="checkbox"
                    checked={layer.visible}
                    onChange={(event) => onToggleLayer(layer.name, event.target.checked)}
                    className="size-4 accent-brand-600"
                  />
                  <span
                    className="size-3 shrink-0 rounded-sm ring-1 ring-gray-300"
                    style={{ backgroundColor: layer.color }}
                    aria-hidden
                  />
                  <span className="truncate">{layer.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
