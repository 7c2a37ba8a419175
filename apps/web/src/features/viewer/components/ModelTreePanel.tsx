import {
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { ChevronRight, Eye, EyeOff, Search, X } from 'lucide-react';
import { hasGlobalIds, type ModelMetadata } from '@truss/viewable';
import type { Viewer } from '../engine';
import {
  ancestorsOf,
  elementName,
  elementType,
  searchElements,
  subtreeIds,
  subtreeVisibility,
  treeKeyAction,
  visibleRows,
  type ElementTree,
  type TreeFilter,
} from '../tree';
import { StoreyMenu } from './StoreyMenu';
import { VirtualList } from './VirtualList';

const ROW_HEIGHT = 28;

/** Roots and the path down to the storeys start open (IFC: project > site > building). */
function initialExpanded(tree: ElementTree, metadata: ModelMetadata): Set<number> {
  const open = new Set(tree.roots);
  for (const id of ancestorsOf(
    tree,
    metadata.storeys.map((s) => s.id),
  ))
    open.add(id);
  return open;
}

export function ModelTreePanel({
  viewer,
  metadata,
  tree,
  selection,
  hidden,
  isolated,
  onFocusNode,
}: {
  viewer: Viewer;
  metadata: ModelMetadata;
  tree: ElementTree;
  selection: number[];
  hidden: number[];
  isolated: number[] | null;
  /** A row was clicked: its element's properties are shown while its subtree is selected. */
  onFocusNode: (id: number, subtreeSize: number) => void;
}) {
  const { t } = useTranslation();
  // Not read here: a big model's GlobalIds are parsed at the first search, not this render.
  const searchLabel = hasGlobalIds(metadata)
    ? t('viewer.tree.search')
    : t('viewer.tree.searchScene');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [expanded, setExpanded] = useState(() => initialExpanded(tree, metadata));
  const [reveal, setReveal] = useState<{ index: number; key: number } | null>(null);
  const pendingReveal = useRef<number | null>(null);
  /** The row the keyboard is on (element id; rows move as nodes open and close). */
  const [activeId, setActiveId] = useState<number | null>(null);

  const filter = useMemo<TreeFilter | null>(() => {
    if (!deferredQuery.trim()) return null;
    const matches = searchElements(metadata, deferredQuery);
    return { matches, ancestors: ancestorsOf(tree, matches) };
  }, [metadata, tree, deferredQuery]);

  // A new search opens the path to every match.
  useEffect(() => {
    if (filter) setExpanded(new Set(filter.ancestors));
  }, [filter]);

  const rows = useMemo(() => visibleRows(tree, expanded, filter), [tree, expanded, filter]);
  const visibility = useMemo(
    () => subtreeVisibility(tree, hidden, isolated),
    [tree, hidden, isolated],
  );
  const selected = useMemo(() => new Set(selection), [selection]);

  // A selection made in the 3D view: open its path and scroll its row into view.
  useEffect(() => {
    const first = selection[0];
    if (first === undefined || first >= tree.count) return;
    pendingReveal.current = first;
    const path = ancestorsOf(tree, [first]);
    setExpanded((open) => {
      if ([...path].every((id) => open.has(id))) return open;
      return new Set([...open, ...path]);
    });
  }, [selection, tree]);

  useEffect(() => {
    const target = pendingReveal.current;
    if (target === null) return;
    const index = rows.findIndex((row) => row.id === target);
    if (index >= 0) {
      pendingReveal.current = null;
      setReveal((r) => ({ index, key: (r?.key ?? 0) + 1 }));
    }
  }, [rows]);

  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const select = (id: number, event: MouseEvent | KeyboardEvent) => {
    const ids = subtreeIds(tree, id);
    if (event.shiftKey || event.ctrlKey || event.metaKey) {
      const current = viewer.selection.get();
      const all = ids.every((x) => current.includes(x));
      viewer.selection.set(
        all ? current.filter((x) => !ids.includes(x)) : [...new Set([...current, ...ids])],
      );
    } else {
      viewer.selection.set(ids);
      onFocusNode(id, ids.length);
    }
  };

  const onTreeKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const index = Math.max(
      0,
      rows.findIndex((row) => row.id === activeId),
    );
    const action = treeKeyAction(rows, index, event.key);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'move') {
      setActiveId(rows[action.index]!.id);
      setReveal((r) => ({ index: action.index, key: (r?.key ?? 0) + 1 }));
    } else if (action.type === 'expand' || action.type === 'collapse') toggle(action.id);
    else select(action.id, event);
  };

  const toggleVisible = (id: number) => {
    const ids = subtreeIds(tree, id);
    if (visibility(id) === 'hidden') viewer.visibility.show(ids);
    else viewer.visibility.hide(ids);
  };

  // The row the keyboard is on: the last one moved to or clicked, else the first, so focusing
  // the tree shows where Enter and the arrows act (WCAG 2.4.7).
  const currentId = rows.some((row) => row.id === activeId) ? activeId : (rows[0]?.id ?? null);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-2 border-b border-gray-200 p-2">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-gray-400"
            aria-hidden
          />
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={searchLabel}
            aria-label={searchLabel}
            className="h-8 w-full rounded-lg border border-gray-300 bg-white pr-8 pl-8 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 [&::-webkit-search-cancel-button]:hidden"
          />
          {query && (
            <button
              type="button"
              onClick={() => setQuery('')}
              aria-label={t('viewer.tree.clearSearch')}
              className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-gray-400 hover:text-gray-700"
            >
              <X className="size-3.5" />
            </button>
          )}
        </div>
        <div className="flex items-center justify-between gap-2 text-xs text-gray-500">
          <span aria-live="polite">
            {filter
              ? t('viewer.tree.matches', { count: filter.matches.size })
              : t('viewer.tree.elements', { count: metadata.elements.count })}
          </span>
          {metadata.storeys.length > 0 && (
            <StoreyMenu viewer={viewer} metadata={metadata} tree={tree} />
          )}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="p-4 text-sm text-gray-500">{t('viewer.tree.noMatches')}</p>
      ) : (
        <VirtualList
          label={t('viewer.tree.title')}
          className="group/tree min-h-0 flex-1 py-1 outline-none"
          count={rows.length}
          rowHeight={ROW_HEIGHT}
          scrollTo={reveal}
          activeId={currentId === null ? undefined : `tree-row-${currentId}`}
          onKeyDown={onTreeKey}
          renderRow={(index) => {
            const row = rows[index]!;
            const name = elementName(metadata, row.id);
            const type = elementType(metadata, row.id);
            const state = visibility(row.id);
            const isSelected = selected.has(row.id);
            return (
              <div
                key={row.id}
                id={`tree-row-${row.id}`}
                role="treeitem"
                aria-level={row.depth + 1}
                aria-selected={isSelected}
                aria-expanded={row.hasChildren ? row.expanded : undefined}
                data-element-id={row.id}
                className={clsx(
                  'group flex cursor-default items-center gap-1 pr-1 text-sm select-none',
                  isSelected ? 'bg-brand-50 text-brand-900' : 'text-gray-800 hover:bg-gray-50',
                  state === 'hidden' && 'text-gray-500',
                  row.id === currentId &&
                    'ring-brand-500 ring-inset group-focus-visible/tree:ring-2',
                )}
                style={{ height: ROW_HEIGHT, paddingLeft: 4 + row.depth * 14 }}
                onClick={(event) => {
                  setActiveId(row.id);
                  select(row.id, event);
                }}
                onDoubleClick={() => viewer.navigation.fitElements(subtreeIds(tree, row.id), true)}
              >
                <button
                  type="button"
                  tabIndex={-1}
                  aria-label={row.expanded ? t('viewer.tree.collapse') : t('viewer.tree.expand')}
                  className={clsx(
                    'flex size-5 shrink-0 items-center justify-center rounded text-gray-400 hover:text-gray-700',
                    !row.hasChildren && 'invisible',
                  )}
                  onClick={(event) => {
                    event.stopPropagation();
                    toggle(row.id);
                  }}
                  onDoubleClick={(event) => event.stopPropagation()}
                >
                  <ChevronRight
                    className={clsx('size-3.5 transition-transform', row.expanded && 'rotate-90')}
                  />
                </button>
                <span className={clsx('min-w-0 flex-1 truncate', row.match && 'font-semibold')}>
                  {name ?? type}
                  {name && type && <span className="ml-1.5 text-xs text-gray-500">{type}</span>}
                </span>
                <button
                  type="button"
                  aria-label={state === 'hidden' ? t('viewer.tree.show') : t('viewer.tree.hide')}
                  className={clsx(
                    'flex size-6 shrink-0 items-center justify-center rounded text-gray-400 hover:bg-gray-200 hover:text-gray-800',
                    state === 'visible' && 'opacity-0 group-hover:opacity-100 focus:opacity-100',
                    state === 'partial' && 'text-gray-500',
                  )}
                  onClick={(event) => {
                    event.stopPropagation();
                    toggleVisible(row.id);
                  }}
                  onDoubleClick={(event) => event.stopPropagation()}
                >
                  {state === 'hidden' ? (
                    <EyeOff className="size-3.5" />
                  ) : (
                    <Eye className="size-3.5" />
                  )}
                </button>
              </div>
            );
          }}
        />
      )}
    </div>
  );
}
