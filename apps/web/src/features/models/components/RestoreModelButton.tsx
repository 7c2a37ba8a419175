import { useTranslation } from 'react-i18next';
import { RotateCcw } from 'lucide-react';
import type { Model } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useRestoreModel } from '../api';

/** "Restore" for a trashed model (trash list, model page banner); a toast says how it went. */
export function RestoreModelButton({
  model,
  name,
  'aria-label': ariaLabel,
}: {
  model: Model;
  /** The model's display name, for the toast. */
  name: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const restore = useRestoreModel();
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={restore.isPending}
      aria-label={ariaLabel}
      onClick={() =>
        restore.mutate(model, {
          onSuccess: () => toast.success(t('trash.restored', { name })),
          onError: (error) => toast.error(errorMessage(error, t)),
        })
      }
    >
      <RotateCcw className="size-4" aria-hidden />
      {t('trash.restore')}
    </Button>
  );
}
