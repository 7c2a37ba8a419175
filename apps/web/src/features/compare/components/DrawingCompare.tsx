import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertCircle } from 'lucide-react';
import { Spinner } from '../../../components/ui/Spinner';
import { TooltipProvider } from '../../../shared/ui/Tooltip';
import { errorMessage } from '../../../lib/errors';
import { useDocumentTitle } from '../../../lib/document-title';
import { SheetCompareView } from '../../viewer';
import { versionSheetsQuery, versionsQuery } from '../api';
import { CompareHeader, pickVersions } from './CompareHeader';

const selectClass =
  'h-8 max-w-48 rounded-md border border-gray-300 bg-white px-2 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * /model/{id}/compare for a drawing: one sheet of two versions as an overlay (old red, new
 * green, unchanged grey), the version pair picked as on the 3D compare page, the sheet by its
 * place in the file (a DWG's model space, then its layouts).
 */
export function DrawingCompare({ modelId }: { modelId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.compare'));
  const [search, setSearch] = useSearchParams();
  const versions = useQuery(versionsQuery(modelId));
  const ready = (versions.data ?? []).filter((v) => v.status === 'ready');
  const { from, to } = pickVersions(ready, search.get('from'), search.get('to'));
  const olderSheets = useQuery(versionSheetsQuery(modelId, from?.id ?? null));
  const newerSheets = useQuery(versionSheetsQuery(modelId, to?.id ?? null));
  const [index, setIndex] = useState(0);
  const newerList = newerSheets.data ?? [];
  const newer = newerList.find((s) => s.index === index) ?? newerList[0] ?? null;
  const older = olderSheets.data?.find((s) => s.index === newer?.index) ?? null;
  const failure = versions.error ?? olderSheets.error ?? newerSheets.error;
  const loading = versions.isPending || olderSheets.isPending || newerSheets.isPending;
  const missing = versions.isSuccess && (!from || !to);

  let body;
  if (failure || missing || (!loading && (!newer || !older))) {
    body = (
      <div role="alert" className="flex flex-1 items-center justify-center p-4">
        <div className="flex max-w-md items-start gap-2 rounded-xl border border-red-200 bg-white p-4 text-sm text-red-800 shadow-sm">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {failure
            ? errorMessage(failure, t)
            : missing
              ? t('compare.needTwo')
              : t('compare.sheets.noSheets')}
        </div>
      </div>
    );
  } else if (loading || !newer || !older || !from || !to) {
    body = (
      <div className="flex flex-1 items-center justify-center gap-2 text-sm text-gray-600">
        <Spinner className="size-4" />
        {t('compare.loading')}
      </div>
    );
  } else {
    body = (
      <SheetCompareView
        key={`${from.id} ${to.id} ${newer.id}`}
        older={older}
        newer={newer}
        olderLabel={String(from.number)}
        newerLabel={String(to.number)}
      />
    );
  }

  return (
    <TooltipProvider>
      <div className="flex h-dvh min-h-0 flex-col bg-gray-100">
        <CompareHeader
          modelId={modelId}
          versions={ready}
          from={from}
          to={to}
          onPick={(pair) => setSearch(pair, { replace: true })}
        />
        {newerList.length > 1 && (
          <div className="flex shrink-0 items-center gap-2 border-b border-gray-200 bg-white px-3 py-1.5 text-sm text-gray-600">
            <label htmlFor="compare-sheet">{t('compare.sheets.sheet')}</label>
            <select
              id="compare-sheet"
              className={selectClass}
              value={newer?.index ?? 0}
              onChange={(event) => setIndex(Number(event.target.value))}
            >
              {newerList.map((sheet) => (
                <option key={sheet.id} value={sheet.index}>
                  {sheet.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="relative flex min-h-0 flex-1">{body}</div>
      </div>
    </TooltipProvider>
  );
}
