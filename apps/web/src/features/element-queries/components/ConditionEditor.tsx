import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { ELEMENT_FIELDS, ELEMENT_QUERY_OPS, type ElementQueryOp } from '@truss/contracts';
import type { DraftCondition } from '../draft';

const control =
  'h-8 rounded-md border border-gray-300 bg-white px-2 text-sm text-gray-900 focus:border-brand-500 focus:outline-none';

type FieldKind = (typeof ELEMENT_FIELDS)[number] | 'property';

const FIELD_LABELS = {
  type: 'elementQuery.fields.type',
  name: 'elementQuery.fields.name',
  storey: 'elementQuery.fields.storey',
  property: 'elementQuery.fields.property',
} as const;

const OP_LABELS = {
  '=': 'elementQuery.ops.eq',
  '!=': 'elementQuery.ops.ne',
  contains: 'elementQuery.ops.contains',
  '<': 'elementQuery.ops.lt',
  '>': 'elementQuery.ops.gt',
  exists: 'elementQuery.ops.exists',
} as const satisfies Record<ElementQueryOp, string>;

/** One condition: what (type, name, storey or a property), the operator and the value. */
export function ConditionEditor({
  condition,
  onChange,
  onRemove,
}: {
  condition: DraftCondition;
  onChange: (next: DraftCondition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const kind: FieldKind = (ELEMENT_FIELDS as readonly string[]).includes(condition.field)
    ? (condition.field as FieldKind)
    : 'property';
  const setKind = (next: FieldKind) =>
    onChange({ ...condition, field: next === 'property' ? '' : next });
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="query-condition">
      <select
        aria-label={t('elementQuery.field')}
        value={kind}
        onChange={(event) => setKind(event.target.value as FieldKind)}
        className={control}
      >
        {[...ELEMENT_FIELDS, 'property' as const].map((field) => (
          <option key={field} value={field}>
            {t(FIELD_LABELS[field])}
          </option>
        ))}
      </select>
      {kind === 'property' && (
        <input
          aria-label={t('elementQuery.property')}
          placeholder="Pset_DoorCommon.FireRating"
          value={condition.field}
          onChange={(event) => onChange({ ...condition, field: event.target.value })}
          className={`${control} w-52`}
        />
      )}
      <select
        aria-label={t('elementQuery.operator')}
        value={condition.op}
        onChange={(event) => onChange({ ...condition, op: event.target.value as ElementQueryOp })}
        className={control}
      >
        {ELEMENT_QUERY_OPS.map((op) => (
          <option key={op} value={op}>
            {t(OP_LABELS[op])}
          </option>
        ))}
      </select>
      {condition.op !== 'exists' && (
        <input
          aria-label={t('elementQuery.value')}
          placeholder={kind === 'type' ? 'IfcDoor' : ''}
          value={condition.value}
          onChange={(event) => onChange({ ...condition, value: event.target.value })}
          className={`${control} w-36 flex-1`}
        />
      )}
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('elementQuery.removeCondition')}
        className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
