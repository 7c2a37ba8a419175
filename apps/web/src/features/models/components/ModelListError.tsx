import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';

/** "Failed to Get Model List" with the server's reason and a retry (models list and trash). */
export function ModelListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>
          <span className="font-medium">{t('errors.MODEL_LIST_FAILED')}</span>
          <span className="block text-red-700/90">{errorMessage(error, t)}</span>
        </span>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden />
          {t('models.tryAgain')}
        </Button>
      </div>
    </FormAlert>
  );
}
