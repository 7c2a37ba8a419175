import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/Page';

export default function TrashPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('titles.trash')} subtitle={t('trash.subtitle')} />
      <EmptyState
        icon={Trash2}
        title={t('trash.emptyTitle')}
        description={t('trash.emptyDescription')}
      />
    </>
  );
}
