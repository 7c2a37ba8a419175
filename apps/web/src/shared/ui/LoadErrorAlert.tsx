import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../../lib/errors';
import { Button } from '../../components/ui/Button';
import { FormAlert } from '../../components/ui/Field';

/** A list that failed to load: what failed, the server's reason, and a retry. */
export function LoadErrorAlert({
  title,
  error,
  retryLabel,
  onRetry,
}: {
  title: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>
          <span className="font-medium">{title}</span>
          <span className="block text-red-700/90">{errorMessage(error, t)}</span>
        </span>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden />
          {retryLabel}
        </Button>
      </div>
    </FormAlert>
  );
}
