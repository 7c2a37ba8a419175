import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../shared/ui/LoadErrorAlert';

/** "Failed to Get Model List" with the server's reason and a retry (models list and trash). */
export function ModelListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <LoadErrorAlert
      title={t('errors.MODEL_LIST_FAILED')}
      error={error}
      retryLabel={t('models.tryAgain')}
      onRetry={onRetry}
    />
  );
}
