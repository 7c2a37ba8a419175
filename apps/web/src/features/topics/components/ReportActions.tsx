import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu } from 'radix-ui';
import { FileSpreadsheet, FileText, FileDown } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { menuContentClass, menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { downloadTopicReport, type TopicFilter, type TopicReportFormat } from '../api';

/**
 * The issues page's "Export report" menu: the topics the current filter shows (all of them, not
 * only the loaded page) as a PDF or an Excel file, in the page's language.
 */
export function ReportActions({ projectId, filter }: { projectId: string; filter: TopicFilter }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);

  const exportReport = async (format: TopicReportFormat) => {
    setExporting(true);
    try {
      await downloadTopicReport(projectId, format, filter);
    } catch (error) {
      toast.error(t('topics.report.failed'), errorMessage(error, t));
    } finally {
      setExporting(false);
    }
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button size="sm" variant="secondary" loading={exporting}>
          <FileDown className="size-4" aria-hidden />
          {t('topics.report.export')}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={`${menuContentClass} w-60`}>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => void exportReport('pdf')}>
            <FileText className="size-4 text-gray-500" aria-hidden />
            {t('topics.report.pdf')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => void exportReport('xlsx')}>
            <FileSpreadsheet className="size-4 text-gray-500" aria-hidden />
            {t('topics.report.xlsx')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
