import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronUp, Search } from 'lucide-react';
import type { SheetViewer } from '@truss/viewer/sheet';
import type { SheetSnapshot } from './useSheetViewer';

/** The sheet's text search: hits counted, next and previous (Enter, Shift+Enter) zoom to each. */
export function SheetSearch({
  viewer,
  snapshot,
  onSearch,
}: {
  viewer: SheetViewer;
  snapshot: SheetSnapshot;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const count = snapshot.hits.length;
  const step = (delta: number) => {
    if (count === 0) return;
    const next =
      ((((snapshot.currentHit < 0 && delta < 0 ? 0 : snapshot.currentHit) + delta) % count) +
        count) %
      count;
    viewer.selectHit(next);
  };
  const run = (text: string) => {
    setQuery(text);
    onSearch(text);
  };
  return (
    <div
      role="search"
      className="pointer-events-auto flex items-center gap-1 rounded-xl border border-gray-200 bg-white/95 p-1 shadow-lg backdrop-blur"
    >
      <Search className="ml-1.5 size-4 shrink-0 text-gray-400" aria-hidden />
      <input
        type="search"
        value={query}
        onChange={(event) => run(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          step(event.shiftKey ? -1 : 1);
        }}
        placeholder={t('viewer.sheets.searchPlaceholder')}
        aria-label={t('viewer.sheets.search')}
        className="w-36 min-w-0 bg-transparent px-1 py-1 text-sm outline-none sm:w-44"
      />
      {query.trim() && (
        <span className="shrink-0 px-1 text-xs text-gray-600 tabular-nums" aria-live="polite">
          {count === 0
            ? t('viewer.sheets.noHits')
            : t('viewer.sheets.hitCount', {
                current: snapshot.currentHit < 0 ? 0 : snapshot.currentHit + 1,
                count,
              })}
        </span>
      )}
      <button
        type="button"
        onClick={() => step(-1)}
        disabled={count === 0}
        aria-label={t('viewer.sheets.previousHit')}
        className="rounded p-1 text-gray-600 hover:bg-gray-100 disabled:text-gray-300"
      >
        <ChevronUp className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={() => step(1)}
        disabled={count === 0}
        aria-label={t('viewer.sheets.nextHit')}
        className="rounded p-1 text-gray-600 hover:bg-gray-100 disabled:text-gray-300"
      >
        <ChevronDown className="size-4" aria-hidden />
      </button>
    </div>
  );
}
