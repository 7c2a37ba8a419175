import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';

/** "Failed to Get Share List" with the server's reason and a retry. */
export function ShareListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>
          <span className="font-medium">{t('errors.SHARE_LIST_FAILED')}</span>
          <span className="block text-red-700/90">{errorMessage(error, t)}</span>
        </span>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden />
          {t('share.list.retry')}
        </Button>
      </div>
    </FormAlert>
  );
}
