import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Model } from '@truss/contracts';
import { Progress } from '../../../shared/ui/Progress';

/** Processing: the stage in words and the bar; queued: an indeterminate bar. */
export function ModelProgress({
  model,
  className,
}: {
  model: Pick<Model, 'status' | 'stage' | 'progress' | 'name'>;
  className?: string;
}) {
  const { t } = useTranslation();
  if (model.status !== 'processing' && model.status !== 'queued') return null;
  const stage =
    model.status === 'queued'
      ? t('models.status.queued')
      : model.stage
        ? t(`models.stages.${model.stage}`)
        : t('models.status.processing');
  return (
    <div className={clsx('min-w-0', className)}>
      <div className="mb-1 flex items-center justify-between gap-2 text-xs text-gray-500">
        <span className="truncate">{stage}</span>
        {model.status === 'processing' && (
          <span className="tabular-nums">{Math.round(model.progress)}%</span>
        )}
      </div>
      <Progress
        value={model.status === 'processing' ? model.progress : null}
        label={t('models.progressLabel', { name: model.name })}
      />
    </div>
  );
}
