import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FileQuestion } from 'lucide-react';
import type { Model } from '@truss/contracts';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { useDrawingTopicsPanel } from '../../topics';
import { CompareButton } from '../../compare';
import { DrawingViewer, preloadPdfSheets } from '../../viewer';
import { sheetsQuery } from '../sheets-api';
import { useModelName } from '../labels';
import { StatePanel } from './StatePanel';

/** A drawing's sheets (PDF pages, DWG/DXF layouts) in the workspace's sheet view. */
export function ReadyDrawing({ model, header }: { model: Model; header: ReactNode }) {
  const { t } = useTranslation();
  const name = useModelName()(model);
  const sheets = useQuery(sheetsQuery(model.id, model.current_version?.id ?? null));
  // pdf.js's worker loads while the sheet list is asked for (bench:sheets).
  useEffect(() => {
    if (model.format === 'pdf') preloadPdfSheets();
  }, [model.format]);
  const topicsPanel = useDrawingTopicsPanel(model);
  if (sheets.data && sheets.data.length > 0)
    return (
      <DrawingViewer
        sheets={sheets.data}
        header={header}
        title={name}
        sidePanel={topicsPanel}
        toolbarExtra={<CompareButton model={model} />}
      />
    );
  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-gray-100">
      {header}
      {sheets.isPending ? (
        <div className="flex flex-1 items-center justify-center" aria-busy="true">
          <Spinner className="size-6 text-brand-600" label={t('viewer.sheets.loading')} />
        </div>
      ) : (
        <StatePanel
          icon={<FileQuestion className="size-6 text-gray-400" aria-hidden />}
          title={sheets.error ? t('viewer.sheets.listFailed') : t('viewer.sheets.none')}
        >
          {sheets.error && (
            <p className="mt-1.5 text-sm text-gray-600">{errorMessage(sheets.error, t)}</p>
          )}
        </StatePanel>
      )}
    </div>
  );
}
