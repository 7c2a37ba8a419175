import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Model, Sheet } from '@truss/contracts';
import { http } from '../../../lib/api';

const DRAWINGS = new Set(['pdf', 'dxf', 'dwg']);

/**
 * The issues page's sheet filter: every sheet of the project's drawings, as `model:sheet`
 * (sheet ids repeat from one drawing to the next). Hidden while the project has no drawing.
 */
export function SheetFilter({
  models,
  value,
  onChange,
  className,
}: {
  models: readonly Model[];
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const drawings = models.filter((m) => m.status === 'ready' && DRAWINGS.has(m.format ?? ''));
  const sheets = useQueries({
    queries: drawings.map((model) => ({
      queryKey: ['models', model.id, 'sheets', 'filter'],
      queryFn: () => http.get<Sheet[]>(`/api/models/${model.id}/sheets`),
      staleTime: 60_000,
    })),
  });
  if (drawings.length === 0) return null;
  return (
    <select
      aria-label={t('topics.sheetFilter.label')}
      className={className}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{t('topics.sheetFilter.all')}</option>
      {drawings.map((model, i) => (
        <optgroup key={model.id} label={model.name}>
          {(sheets[i]?.data ?? []).map((sheet) => (
            <option key={sheet.id} value={`${model.id}:${sheet.id}`}>
              {sheet.name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
