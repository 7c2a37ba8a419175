import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Link2 } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';

/** /share/{token}: the public shared-model page; it opens once the viewer ships. */
export default function SharePage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight text-gray-900">
        {t('share.title')}
      </h1>
      <EmptyState
        icon={Link2}
        title={t('share.notYetTitle')}
        description={t('share.notYetDescription')}
      >
        <Link to="/" className={buttonClass('secondary')}>
          {t('share.learnMore')}
        </Link>
      </EmptyState>
    </div>
  );
}
