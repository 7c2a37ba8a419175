import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailPlus } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';

/** /invite: accepting or declining a project invitation (signed in). */
export default function InvitePage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight text-gray-900">
        {t('invite.title')}
      </h1>
      <EmptyState
        icon={MailPlus}
        title={t('invite.notYetTitle')}
        description={t('invite.notYetDescription')}
      >
        <Link to="/models" className={buttonClass('primary')}>
          {t('error.backModels')}
        </Link>
      </EmptyState>
    </div>
  );
}
