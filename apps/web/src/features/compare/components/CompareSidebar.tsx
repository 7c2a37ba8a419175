import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompareCategory, CompareItem, CompareScene } from '../diff-scene';
import { PropertyDiffTable } from './PropertyDiffTable';

/** Swatches in the engine's diff colours (DIFF_COLORS of @truss/viewer). */
const SWATCH: Record<CompareCategory, string> = {
  added: 'bg-[#16a34a]',
  removed: 'bg-[#dc2626]',
  changed: 'bg-[#f59e0b]',
  unchanged: 'bg-[#d4d4d8]',
};
/** Items listed per category; the count is always the whole category. */
const LIST_MAX = 500;
type Listed = Exclude<CompareCategory, 'unchanged'>;

/**
 * The comparison's legend and lists: a count per category, the elements of each listed one
 * (click: select and frame it), and the property changes of the chosen changed element. The
 * body of the viewer workspace's side panel on the compare page.
 */
export function CompareSidebar({
  scene,
  selected,
  onSelect,
}: {
  scene: CompareScene;
  selected: CompareItem | null;
  onSelect: (item: CompareItem) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Listed>('changed');
  const counts: Record<CompareCategory, number> = {
    added: scene.ids.added.length,
    removed: scene.ids.removed.length,
    changed: scene.ids.changed.length,
    unchanged: scene.ids.unchanged.length,
  };
  const items = scene.items[open];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ul
        className="grid grid-cols-2 gap-1 border-b border-gray-200 p-2"
        aria-label={t('compare.legend')}
      >
        {(['added', 'removed', 'changed', 'unchanged'] as const).map((category) => (
          <li key={category}>
            <button
              type="button"
              disabled={category === 'unchanged'}
              aria-pressed={category === open}
              onClick={() => category !== 'unchanged' && setOpen(category)}
              data-testid={`compare-count-${category}`}
              className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-gray-50 disabled:hover:bg-transparent aria-pressed:bg-gray-100"
            >
              <span className={`size-3 shrink-0 rounded-sm ${SWATCH[category]}`} aria-hidden />
              <span className="min-w-0 flex-1 truncate text-gray-700">
                {t(`compare.category.${category}`)}
              </span>
              <span className="font-medium tabular-nums text-gray-900">{counts[category]}</span>
            </button>
          </li>
        ))}
      </ul>
      <h2 className="px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-gray-500">
        {t(`compare.category.${open}`)} · {counts[open]}
      </h2>
      <ul className="min-h-0 flex-1 overflow-y-auto py-1" data-testid={`compare-list-${open}`}>
        {items.length === 0 && (
          <li className="px-3 py-2 text-sm text-gray-500">{t('compare.none')}</li>
        )}
        {items.slice(0, LIST_MAX).map((item) => (
          <li key={item.guid}>
            <button
              type="button"
              onClick={() => onSelect(item)}
              aria-current={selected?.guid === item.guid}
              className="flex w-full flex-col px-3 py-1 text-left hover:bg-gray-50 aria-[current=true]:bg-blue-50"
            >
              <span className="truncate text-sm text-gray-900">{item.name ?? item.type}</span>
              <span className="truncate text-xs text-gray-500">
                {item.type}
                {open === 'changed' &&
                  ` · ${[
                    item.geometry ? t('compare.geometryChanged') : null,
                    item.properties.length > 0
                      ? t('compare.propertiesChanged', { count: item.properties.length })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}`}
              </span>
            </button>
          </li>
        ))}
        {items.length > LIST_MAX && (
          <li className="px-3 py-2 text-xs text-gray-500">
            {t('compare.more', { count: items.length - LIST_MAX })}
          </li>
        )}
      </ul>
      {selected && scene.items.changed.some((item) => item.guid === selected.guid) && (
        <section
          className="max-h-[45%] overflow-y-auto border-t border-gray-200"
          aria-label={t('compare.changesOf', { name: selected.name ?? selected.type })}
        >
          <h3 className="truncate px-3 pt-2 text-sm font-semibold text-gray-900">
            {selected.name ?? selected.type}
          </h3>
          {selected.geometry && (
            <p className="px-3 text-xs text-amber-700">{t('compare.geometryChangedLong')}</p>
          )}
          <PropertyDiffTable changes={selected.properties} />
        </section>
      )}
    </div>
  );
}
