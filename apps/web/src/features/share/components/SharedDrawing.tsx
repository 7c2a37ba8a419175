import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FileQuestion } from 'lucide-react';
import type { SharedModel } from '@truss/contracts';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { DrawingViewer, preloadPdfSheets, type ModelViewerProps } from '../../viewer';
import { sharedSheetsQuery } from '../api';

/**
 * A shared drawing (PDF, DXF, DWG): its sheets in the workspace's sheet view, as members see
 * them, from the share-scoped sheet list; the share's issues beside them, pinned on the sheets.
 */
export function SharedDrawing({
  token,
  model,
  sheetsUrl,
  sidePanel,
}: {
  token: string;
  model: SharedModel;
  sheetsUrl: string;
  /** The share's issues on the sheets, when the share shows them. */
  sidePanel?: ModelViewerProps['sidePanel'];
}) {
  const { t } = useTranslation();
  const sheets = useQuery(sharedSheetsQuery(token, sheetsUrl));
  // pdf.js's worker loads while the sheet list is asked for.
  useEffect(() => {
    if (model.format === 'pdf') preloadPdfSheets();
  }, [model.format]);
  if (sheets.data && sheets.data.length > 0) {
    return <DrawingViewer sheets={sheets.data} title={model.name} sidePanel={sidePanel} />;
  }
  if (sheets.isPending) {
    return (
      <div className="flex h-full items-center justify-center" aria-busy="true">
        <Spinner className="size-6 text-brand-600" label={t('viewer.sheets.loading')} />
      </div>
    );
  }
  return (
    <div className="flex h-full items-center justify-center p-4">
      <div role="alert" className="max-w-sm rounded-xl bg-white p-6 text-center shadow-sm">
        <FileQuestion className="mx-auto size-6 text-gray-400" aria-hidden />
        <p className="mt-2 font-medium text-gray-900">
          {sheets.error ? t('viewer.sheets.listFailed') : t('viewer.sheets.none')}
        </p>
        {sheets.error && (
          <p className="mt-1.5 text-sm text-gray-600">{errorMessage(sheets.error, t)}</p>
        )}
      </div>
    </div>
  );
}
