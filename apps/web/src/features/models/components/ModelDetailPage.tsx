import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/Page';

/** /model/{id}: the 3D viewer page. The viewer lands together with uploads. */
export default function ModelDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <>
      <PageHeader
        title={t('titles.model')}
        subtitle={<span className="font-mono text-xs break-all">{id}</span>}
      />
      <EmptyState icon={Box} title={t('model.viewerTitle')} description={t('model.viewerComing')}>
        <Link to="/models" className={buttonClass('secondary')}>
          {t('error.backModels')}
        </Link>
      </EmptyState>
    </>
  );
}
