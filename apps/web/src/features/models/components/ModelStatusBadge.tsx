import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { AlertCircle, CheckCircle2, Clock3, Loader2, UploadCloud } from 'lucide-react';
import type { Model, ModelStatus } from '@truss/contracts';
import { Badge } from '../../../shared/ui/Page';
import { Tooltip } from '../../../shared/ui/Tooltip';
import { useFailureText } from '../labels';

const tones: Record<ModelStatus, 'gray' | 'brand' | 'green' | 'amber' | 'red'> = {
  uploading: 'brand',
  queued: 'gray',
  processing: 'amber',
  ready: 'green',
  failed: 'red',
};

const icons = {
  uploading: UploadCloud,
  queued: Clock3,
  processing: Loader2,
  ready: CheckCircle2,
  failed: AlertCircle,
} as const;

/**
 * The live status: uploading, queued, processing (stage and progress), ready, failed (reason on
 * hover and for screen readers).
 */
export function ModelStatusBadge({
  model,
  className,
}: {
  model: Pick<Model, 'status' | 'stage' | 'progress' | 'failure'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const Icon = icons[model.status];
  const badge = (
    <Badge tone={tones[model.status]} className={clsx('whitespace-nowrap', className)}>
      <Icon
        className={clsx('size-3.5 shrink-0', model.status === 'processing' && 'animate-spin')}
        aria-hidden
      />
      {t(`models.status.${model.status}`)}
      {model.status === 'failed' && <span className="sr-only">: {failureText(model)}</span>}
    </Badge>
  );
  if (model.status !== 'failed') return badge;
  return (
    <Tooltip content={failureText(model)}>
      <span
        tabIndex={0}
        className="relative z-10 rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {badge}
      </span>
    </Tooltip>
  );
}
