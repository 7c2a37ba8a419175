import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Plus, X } from 'lucide-react';
import { ELEMENT_QUERY_MAX_DEPTH } from '@truss/contracts';
import { newCondition, newGroup, type DraftCondition, type DraftGroup } from '../draft';
import { ConditionEditor } from './ConditionEditor';

/** A group of conditions joined by AND (all) or OR (any); groups nest inside it. */
export function GroupEditor({
  group,
  depth,
  onChange,
  onRemove,
}: {
  group: DraftGroup;
  depth: number;
  onChange: (next: DraftGroup) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const setItem = (index: number, next: DraftCondition | DraftGroup | null) =>
    onChange({
      ...group,
      items: next
        ? group.items.map((item, i) => (i === index ? next : item))
        : group.items.filter((_, i) => i !== index),
    });
  return (
    <div
      role="group"
      aria-label={t(group.mode === 'all' ? 'elementQuery.allOf' : 'elementQuery.anyOf')}
      className={clsx(
        'space-y-2 rounded-lg border p-2',
        depth > 1 ? 'border-dashed border-gray-300' : 'border-gray-200',
      )}
    >
      <div className="flex items-center gap-2">
        <div className="inline-flex overflow-hidden rounded-md border border-gray-300 text-xs">
          {(['all', 'any'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={group.mode === mode}
              onClick={() => onChange({ ...group, mode })}
              className={clsx(
                'px-2 py-1 font-medium',
                group.mode === mode
                  ? 'bg-brand-600 text-white'
                  : 'bg-white text-gray-700 hover:bg-gray-50',
              )}
            >
              {t(mode === 'all' ? 'elementQuery.and' : 'elementQuery.or')}
            </button>
          ))}
        </div>
        <span className="text-xs text-gray-500">
          {t(group.mode === 'all' ? 'elementQuery.allHint' : 'elementQuery.anyHint')}
        </span>
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('elementQuery.removeGroup')}
            className="ml-auto rounded p-1 text-gray-500 hover:bg-gray-100"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {group.items.map((item, index) =>
        item.kind === 'group' ? (
          <GroupEditor
            key={item.id}
            group={item}
            depth={depth + 1}
            onChange={(next) => setItem(index, next)}
            onRemove={() => setItem(index, null)}
          />
        ) : (
          <ConditionEditor
            key={item.id}
            condition={item}
            onChange={(next) => setItem(index, next)}
            onRemove={() => setItem(index, null)}
          />
        ),
      )}
      <div className="flex gap-3 text-xs">
        <button
          type="button"
          onClick={() => onChange({ ...group, items: [...group.items, newCondition()] })}
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          <Plus className="size-3.5" aria-hidden />
          {t('elementQuery.addCondition')}
        </button>
        {depth < ELEMENT_QUERY_MAX_DEPTH && (
          <button
            type="button"
            onClick={() =>
              onChange({
                ...group,
                items: [...group.items, newGroup(group.mode === 'all' ? 'any' : 'all')],
              })
            }
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
          >
            <Plus className="size-3.5" aria-hidden />
            {t('elementQuery.addGroup')}
          </button>
        )}
      </div>
    </div>
  );
}
