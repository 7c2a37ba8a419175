import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { LayoutGrid, List, Search } from 'lucide-react';
import { inputClass } from '../../components/ui/Field';

type ListView = 'list' | 'grid';

/** List / grid buttons (role=group, aria-pressed), in the order given. */
function ViewToggle({
  view,
  onView,
  order,
}: {
  view: ListView;
  onView: (v: ListView) => void;
  order: readonly [ListView, ListView];
}) {
  const { t } = useTranslation();
  const options = {
    list: [List, t('projects.listView')],
    grid: [LayoutGrid, t('projects.gridView')],
  } as const;
  return (
    <div
      role="group"
      aria-label={t('projects.view')}
      className="flex shrink-0 rounded-lg border border-gray-300 bg-white p-0.5 shadow-xs"
    >
      {order.map((value) => {
        const [Icon, label] = options[value];
        return (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            aria-label={label}
            title={label}
            onClick={() => onView(value)}
            className={clsx(
              'flex size-8 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
              view === value
                ? 'bg-gray-100 text-gray-900'
                : 'text-gray-500 hover:bg-gray-50 hover:text-gray-800',
            )}
          >
            <Icon className="size-4" aria-hidden />
          </button>
        );
      })}
    </div>
  );
}

/** A list page's toolbar: search box, sort select and list/grid toggle. */
export function ListToolbar<S extends string>({
  search,
  onSearch,
  searchLabel,
  searchPlaceholder,
  busy = false,
  sort,
  onSort,
  sortLabel,
  sorts,
  view,
  onView,
  viewOrder,
}: {
  search: string;
  onSearch: (q: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  /** Marks the search box aria-busy while results load. */
  busy?: boolean;
  sort: S;
  onSort: (s: S) => void;
  sortLabel: string;
  sorts: readonly { value: S; label: string }[];
  view: ListView;
  onView: (v: ListView) => void;
  viewOrder: readonly [ListView, ListView];
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
          aria-hidden
        />
        <input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={searchPlaceholder}
          aria-label={searchLabel}
          aria-busy={busy || undefined}
          className={inputClass(false, 'pl-9')}
        />
      </div>
      <div className="flex gap-2">
        <select
          value={sort}
          onChange={(e) => onSort(e.target.value as S)}
          aria-label={sortLabel}
          className={inputClass(false, 'min-w-0 flex-1 sm:w-52')}
        >
          {sorts.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <ViewToggle view={view} onView={onView} order={viewOrder} />
      </div>
    </div>
  );
}
