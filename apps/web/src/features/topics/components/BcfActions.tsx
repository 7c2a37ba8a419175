import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Upload } from 'lucide-react';
import type { BcfImportReport } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../shared/ui/Dialog';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { downloadBcf, useImportBcf, type BcfVersion } from '../api';

/**
 * The issues page's BCF buttons: export (3.0 or 2.1; the picked topics if any, else all) and,
 * for those allowed, import a .bcf file and show what it did.
 */
export function BcfActions({
  projectId,
  pickedGuids,
  canImport,
  className,
}: {
  projectId: string;
  /** GUIDs of the picked rows; empty exports every topic. */
  pickedGuids: readonly string[];
  canImport: boolean;
  /** Classes of the version select. */
  className: string;
}) {
  const { t } = useTranslation();
  const [version, setVersion] = useState<BcfVersion>('3.0');
  const [exporting, setExporting] = useState(false);
  const [report, setReport] = useState<BcfImportReport | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const importBcf = useImportBcf(projectId);

  const exportFile = async () => {
    setExporting(true);
    try {
      await downloadBcf(projectId, version, pickedGuids);
    } catch (error) {
      toast.error(t('topics.page.exportFailed'), errorMessage(error, t));
    } finally {
      setExporting(false);
    }
  };
  const importFile = (file: File | undefined) => {
    if (!file) return;
    importBcf.mutate(file, {
      onSuccess: setReport,
      onError: (error) => toast.error(t('topics.page.importFailed'), errorMessage(error, t)),
    });
  };

  return (
    <div className="flex items-center gap-2" role="group" aria-label="BCF">
      <select
        aria-label={t('topics.page.exportVersion')}
        className={className}
        value={version}
        onChange={(e) => setVersion(e.target.value as BcfVersion)}
      >
        <option value="3.0">BCF 3.0</option>
        <option value="2.1">BCF 2.1</option>
      </select>
      <Button size="sm" variant="secondary" loading={exporting} onClick={() => void exportFile()}>
        <Download className="size-4" aria-hidden />
        {pickedGuids.length
          ? t('topics.page.exportSelected', { count: pickedGuids.length })
          : t('topics.page.exportBcf')}
      </Button>
      {canImport && (
        <>
          <input
            ref={input}
            type="file"
            accept=".bcf,.bcfzip,application/zip"
            className="hidden"
            data-testid="bcf-file"
            onChange={(e) => {
              importFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            size="sm"
            variant="secondary"
            loading={importBcf.isPending}
            onClick={() => input.current?.click()}
          >
            <Upload className="size-4" aria-hidden />
            {importBcf.isPending ? t('topics.page.importing') : t('topics.page.importBcf')}
          </Button>
        </>
      )}
      <Modal
        open={!!report}
        onOpenChange={(open) => !open && setReport(null)}
        title={t('topics.page.importReport')}
        footer={<Button onClick={() => setReport(null)}>{t('topics.page.close')}</Button>}
      >
        {report && (
          <div className="flex flex-col gap-2 text-sm text-gray-700">
            <p>{t('topics.page.importCreated', { count: report.created })}</p>
            <p>{t('topics.page.importUpdated', { count: report.updated })}</p>
            {report.unmatchedComponents.length > 0 && (
              <details>
                <summary>
                  {t('topics.page.importUnmatched', { count: report.unmatchedComponents.length })}
                </summary>
                <ul className="mt-1 max-h-40 overflow-y-auto font-mono text-xs">
                  {report.unmatchedComponents.map((id) => (
                    <li key={id}>{id}</li>
                  ))}
                </ul>
              </details>
            )}
            {report.skipped.length > 0 && (
              <div>
                <p className="font-medium">{t('topics.page.importSkipped')}</p>
                <ul className="list-disc pl-5 text-xs">
                  {report.skipped.map((skip, i) => (
                    <li key={`${skip.guid ?? ''}-${i}`}>
                      {skip.guid ? `${skip.guid}: ` : ''}
                      {skip.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </Modal>
    </div>
  );
}
