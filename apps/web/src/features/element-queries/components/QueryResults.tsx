import { useTranslation } from 'react-i18next';
import type { ElementExportFormat } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import type { QueryRun } from '../api';

/** Counts, the first elements found, what the viewer does with them and the exports. */
export function QueryResults({
  run,
  modelId,
  onSelect,
  onIsolate,
  onColour,
  onReset,
  onExport,
  exporting,
}: {
  run: QueryRun;
  modelId: string;
  onSelect: () => void;
  onIsolate: () => void;
  onColour: () => void;
  onReset: () => void;
  onExport: (format: ElementExportFormat) => void;
  exporting: boolean;
}) {
  const { t } = useTranslation();
  const { project, modelIds } = run;
  const here = project.byModel.find((m) => m.modelId === modelId)?.count ?? 0;
  const none = modelIds.length === 0;
  return (
    <section aria-label={t('elementQuery.results')} className="space-y-2">
      <p className="text-sm text-gray-800" data-testid="query-count">
        {t('elementQuery.count', { count: project.count })}{' '}
        <span className="text-gray-500">
          {t('elementQuery.countHere', { here, count: project.byModel.length })}
        </span>
      </p>
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="secondary" onClick={onIsolate} disabled={none}>
          {t('elementQuery.isolate')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onSelect} disabled={none}>
          {t('elementQuery.select')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onColour} disabled={none}>
          {t('elementQuery.colour')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onReset}>
          {t('elementQuery.reset')}
        </Button>
      </div>
      <div className="flex gap-1.5">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            size="sm"
            variant="ghost"
            loading={exporting}
            disabled={project.count === 0}
            onClick={() => onExport(format)}
          >
            {t(format === 'csv' ? 'elementQuery.exportCsv' : 'elementQuery.exportXlsx')}
          </Button>
        ))}
      </div>
      <ul className="max-h-56 divide-y divide-gray-100 overflow-auto rounded border border-gray-200 text-xs">
        {project.elements.map((element) => (
          <li
            key={`${element.modelId}:${element.elementId}`}
            className="flex gap-2 px-2 py-1"
            data-testid="query-element"
          >
            <span className="shrink-0 font-medium text-gray-700">{element.type}</span>
            <span className="truncate text-gray-900">{element.name ?? '—'}</span>
            {element.modelId !== modelId && (
              <span className="ml-auto shrink-0 text-gray-400">{t('elementQuery.otherModel')}</span>
            )}
          </li>
        ))}
      </ul>
      {project.count > project.elements.length && (
        <p className="text-xs text-gray-500">
          {t('elementQuery.firstOnly', { shown: project.elements.length })}
        </p>
      )}
    </section>
  );
}
