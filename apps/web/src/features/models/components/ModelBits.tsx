import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { AlertCircle, Box, CheckCircle2, Clock3, Loader2, UploadCloud } from 'lucide-react';
import type { Model, ModelStatus } from '@truss/contracts';
import { Badge } from '../../../components/ui/Page';
import { Progress } from '../../../components/ui/Progress';
import { Tooltip } from '../../../components/ui/Tooltip';
import { personLabel } from '../../../lib/format';

/** Spec §3: a model without a name shows "Unnamed Model". */
export function useModelName(): (model: Pick<Model, 'name'>) => string {
  const { t } = useTranslation();
  return useCallback((model) => model.name.trim() || t('models.unnamed'), [t]);
}

/** The converter's format name as people write it ("ifc" -> "IFC"); null until detected. */
export function formatLabel(format: string | null): string | null {
  if (!format) return null;
  const known: Record<string, string> = { gltf: 'glTF', glb: 'GLB', brep: 'BREP', step: 'STEP' };
  return known[format.toLowerCase()] ?? format.toUpperCase();
}

export function creatorLabel(model: Pick<Model, 'creator'>): string | null {
  return model.creator ? personLabel(model.creator) : null;
}

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

/** The failure's reason in the interface language (its code's catalogue text). */
export function useFailureText(): (model: Pick<Model, 'failure'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (model) => (model.failure ? t(`errors.${model.failure.code}`) : t('errors.CONVERSION_FAILED')),
    [t],
  );
}

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

/** The thumbnail once ready; an icon that says what is happening until then. */
export function ModelThumbnail({
  model,
  className,
  iconClassName = 'size-6',
}: {
  model: Pick<Model, 'thumbnail_url' | 'status'>;
  className?: string;
  iconClassName?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = model.thumbnail_url;
  const Icon = model.status === 'failed' ? AlertCircle : Box;
  return (
    <div
      className={clsx(
        'relative flex shrink-0 items-center justify-center overflow-hidden bg-gradient-to-br from-gray-50 to-gray-100',
        className,
      )}
    >
      {url && broken !== url ? (
        <img
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setBroken(url)}
          className="size-full object-contain"
        />
      ) : (
        <Icon
          aria-hidden
          className={clsx(
            iconClassName,
            model.status === 'failed' ? 'text-red-300' : 'text-gray-300',
            (model.status === 'processing' || model.status === 'queued') && 'animate-pulse',
          )}
        />
      )}
    </div>
  );
}
