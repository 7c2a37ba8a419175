import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { ChevronRight, ClipboardCopy, Copy, MousePointerClick, Palette } from 'lucide-react';
import { getElementProperties, type ModelMetadata } from '@truss/viewable';
import { toast } from '../../../lib/toast';
import {
  commonType,
  elementGroups,
  formatValue,
  groupsAsText,
  type ColorKey,
  type PropertyGroup,
  valueWords,
} from '../properties';
import { elementQuantities, type ElementQuantity } from '../quantities';
import { elementName, elementType } from '../tree';

/** Writes text to the clipboard; the toast says whether it worked. */
async function copy(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch (error) {
    console.warn('[viewer] copy to the clipboard failed', error);
    toast.error(failed);
  }
}

/**
 * IFC names and many values are CamelCase (PredefinedType, IfcWallStandardCase): offer line
 * breaks between the words so a narrow panel wraps "Predefined/Type" rather than "PredefinedTy/pe".
 */
function camelBreaks(name: string): ReactNode {
  const words = name.split(/(?<=[a-z0-9])(?=[A-Z])/);
  if (words.length < 2) return name;
  return words.map((word, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {word}
    </Fragment>
  ));
}

function Group({
  group,
  open,
  onToggle,
  onCopy,
  onColorBy,
}: {
  group: PropertyGroup;
  open: boolean;
  onToggle: () => void;
  onCopy: (text: string) => void;
  onColorBy?: ((key: ColorKey) => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section className="border-b border-gray-100">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          onClick={onToggle}
          className="flex w-full items-center gap-1.5 px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-700 hover:bg-gray-50"
        >
          <ChevronRight
            className={clsx('size-3.5 shrink-0 transition-transform', open && 'rotate-90')}
            aria-hidden
          />
          <span className="min-w-0 flex-1 truncate">{group.title}</span>
          <span className="font-normal text-gray-500">{group.rows.length}</span>
        </button>
      </h3>
      {open && (
        <dl className="pb-2">
          {group.rows.map((row, index) => (
            <div
              key={`${row.name}-${index}`}
              className="group grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-start gap-1.5 px-3 py-1 text-xs hover:bg-gray-50"
            >
              <dt className="break-words text-gray-500" title={row.name}>
                {camelBreaks(row.name)}
              </dt>
              {/* The row's buttons live in its <dd>: a <dl> may hold only dt/dd groups. */}
              <dd className="flex items-start gap-1.5">
                <span
                  className="min-w-0 flex-1 cursor-copy break-words text-gray-900 select-text"
                  title={t('viewer.properties.clickToCopy')}
                  onClick={() => onCopy(row.text)}
                >
                  {camelBreaks(row.text)}
                </span>
                {onColorBy && row.colorKey ? (
                  <button
                    type="button"
                    aria-label={t('viewer.properties.colorBy', { name: row.name })}
                    title={t('viewer.properties.colorBy', { name: row.name })}
                    onClick={() => onColorBy(row.colorKey!)}
                    className="rounded p-0.5 text-gray-400 opacity-0 group-hover:opacity-100 hover:text-gray-800 focus:opacity-100"
                  >
                    <Palette className="size-3.5" />
                  </button>
                ) : (
                  // Same width as the button, so values line up from row to row.
                  <span className="size-4.5" aria-hidden />
                )}
                <button
                  type="button"
                  aria-label={t('viewer.properties.copyValue', { name: row.name })}
                  onClick={() => onCopy(row.text)}
                  className="rounded p-0.5 text-gray-400 opacity-0 group-hover:opacity-100 hover:text-gray-800 focus:opacity-100"
                >
                  <Copy className="size-3.5" />
                </button>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The element's area and volume from its quantity sets, above the sets themselves. */
function QuantitySummary({ quantities }: { quantities: Array<[string, ElementQuantity]> }) {
  const { t } = useTranslation();
  const words = valueWords(t);
  if (!quantities.length) return null;
  return (
    <dl
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 border-b border-gray-200 bg-gray-50 px-3 py-2 text-xs"
      aria-label={t('viewer.properties.quantities')}
      data-quantities
    >
      {quantities.map(([label, q]) => (
        <Fragment key={label}>
          <dt className="text-gray-500">{label}</dt>
          <dd
            className="text-right font-medium text-gray-900 tabular-nums"
            title={t('viewer.properties.quantitySource', { set: q.set, name: q.name })}
            data-quantity={q.name}
          >
            {formatValue(q.value, q.unit || undefined, words)}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The selection's attributes and property sets, grouped, collapsible and copyable. */
export function PropertiesPanel({
  metadata,
  elementId,
  selection,
  loaded,
  onColorBy,
}: {
  metadata: ModelMetadata | null;
  /** The model has finished loading (until then a missing metadata is not news). */
  loaded: boolean;
  /** The element whose properties are shown (a single pick, or the tree node clicked). */
  elementId: number | null;
  selection: number[];
  /** Colour the model by a row's values (the legend is the workspace's). */
  onColorBy?: ((key: ColorKey) => void) | undefined;
}) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const groups = useMemo(() => {
    if (!metadata || elementId === null || elementId >= metadata.elements.count) return null;
    return elementGroups(
      metadata,
      elementId,
      {
        group: t('viewer.properties.attributes'),
        type: t('viewer.properties.type'),
        name: t('viewer.properties.name'),
        globalId: t('viewer.properties.globalId'),
        expressId: t('viewer.properties.expressId'),
      },
      valueWords(t),
    );
  }, [metadata, elementId, t]);
  const quantities = useMemo(() => {
    if (!metadata || elementId === null || elementId >= metadata.elements.count) return [];
    const { area, volume } = elementQuantities(getElementProperties(metadata, elementId));
    const rows: Array<[string, ElementQuantity]> = [];
    if (area) rows.push([t('viewer.properties.area'), area]);
    if (volume) rows.push([t('viewer.properties.volume'), volume]);
    return rows;
  }, [metadata, elementId, t]);
  const onCopy = (text: string) =>
    void copy(text, t('viewer.properties.copied'), t('viewer.properties.copyFailed'));

  if (!metadata || (!groups && selection.length === 0)) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center text-sm text-gray-500">
        <MousePointerClick className="size-6 text-gray-300" aria-hidden />
        {metadata || !loaded ? t('viewer.properties.empty') : t('viewer.properties.noMetadata')}
      </div>
    );
  }

  if (!groups) {
    const type = commonType(metadata, selection);
    return (
      <div className="px-4 py-4 text-sm">
        <p className="font-medium text-gray-900">
          {t('viewer.properties.selected', { count: selection.length })}
        </p>
        <p className="mt-1 text-gray-600">
          {type ? t('viewer.properties.commonType', { type }) : t('viewer.properties.variousTypes')}
        </p>
      </div>
    );
  }

  const id = elementId!;
  const heading = elementName(metadata, id) ?? elementType(metadata, id);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-start gap-2 border-b border-gray-200 px-3 py-2.5">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-gray-900" title={heading}>
            {heading}
          </p>
          <p className="truncate text-xs text-gray-500">
            {elementType(metadata, id)}
            {selection.length > 1 &&
              ` · ${t('viewer.properties.selected', { count: selection.length })}`}
          </p>
        </div>
        <button
          type="button"
          onClick={() => onCopy(groupsAsText(heading, groups))}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-gray-700 hover:bg-gray-100"
        >
          <ClipboardCopy className="size-3.5" aria-hidden />
          {t('viewer.properties.copyAll')}
        </button>
      </div>
      <QuantitySummary quantities={quantities} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {groups.map((group) => (
          <Group
            key={group.key}
            group={group}
            open={!closed.has(group.key)}
            onToggle={() =>
              setClosed((c) => {
                const next = new Set(c);
                if (next.has(group.key)) next.delete(group.key);
                else next.add(group.key);
                return next;
              })
            }
            onCopy={onCopy}
            onColorBy={onColorBy}
          />
        ))}
      </div>
    </div>
  );
}
