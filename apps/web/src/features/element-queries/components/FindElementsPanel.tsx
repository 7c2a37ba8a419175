import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { ElementExportFormat } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { Viewer } from '../../viewer';
import { exportElements, useRunQuery } from '../api';
import { fromWhere, newCondition, newGroup, toWhere, type DraftGroup } from '../draft';
import type { SavedQueryAbilities } from '../permissions';
import { GroupEditor } from './GroupEditor';
import { QueryResults } from './QueryResults';
import { SavedQueries } from './SavedQueries';

/** Amber: what the query found, coloured in the view. */
const FOUND_COLOUR = 0xf59e0b;

/**
 * Find elements: build a query with AND/OR groups, run it across every model of the project,
 * see the counts and act on what it found in the open model (isolate, select, colour); export
 * the result; save it for the project's members or load one they saved.
 */
export function FindElementsPanel({
  viewer,
  projectId,
  modelId,
  may,
  onClose,
}: {
  viewer: Viewer;
  projectId: string;
  modelId: string;
  may: SavedQueryAbilities;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DraftGroup>(() =>
    newGroup('all', [newCondition('type', 'IfcDoor')]),
  );
  const run = useRunQuery(projectId, modelId);
  const [exporting, setExporting] = useState(false);
  const ids = run.data?.modelIds ?? [];

  const exportAs = (format: ElementExportFormat) => {
    setExporting(true);
    exportElements(projectId, toWhere(draft), format)
      .catch((error: unknown) =>
        toast.error(t('elementQuery.exportFailed'), errorMessage(error, t)),
      )
      .finally(() => setExporting(false));
  };

  return (
    <aside
      aria-label={t('elementQuery.title')}
      className="fixed top-16 right-3 z-40 flex max-h-[calc(100dvh-6rem)] w-[26rem] max-w-[calc(100vw-1.5rem)] flex-col rounded-xl border border-gray-200 bg-white shadow-lg"
    >
      <header className="flex items-center justify-between border-b border-gray-100 px-3 py-2">
        <h2 className="text-sm font-semibold text-gray-900">{t('elementQuery.title')}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('elementQuery.close')}
          className="rounded p-1 text-gray-500 hover:bg-gray-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      </header>
      <div className="min-h-0 flex-1 space-y-3 overflow-auto p-3">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            run.mutate(toWhere(draft));
          }}
          className="space-y-2"
        >
          <GroupEditor group={draft} depth={1} onChange={setDraft} />
          <Button type="submit" size="sm" loading={run.isPending}>
            {t('elementQuery.run')}
          </Button>
        </form>
        {run.error && (
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(run.error, t)}
          </p>
        )}
        {run.data && (
          <QueryResults
            run={run.data}
            modelId={modelId}
            exporting={exporting}
            onIsolate={() => {
              // As the storey menu does: what is left visible is also framed.
              viewer.visibility.isolate(ids);
              viewer.navigation.fitElements(ids, true);
            }}
            onSelect={() => viewer.selection.set(ids)}
            onColour={() =>
              viewer.visibility.setColors(new Map(ids.map((id) => [id, FOUND_COLOUR])))
            }
            onReset={() => {
              viewer.visibility.showAll();
              viewer.visibility.clearColors();
              viewer.selection.clear();
            }}
            onExport={exportAs}
          />
        )}
        <SavedQueries
          projectId={projectId}
          may={may}
          current={() => toWhere(draft)}
          onLoad={(query) => {
            setDraft(fromWhere(query.where));
            run.mutate(query.where);
          }}
        />
      </div>
    </aside>
  );
}
