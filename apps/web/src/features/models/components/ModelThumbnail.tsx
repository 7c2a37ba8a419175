import { useState } from 'react';
import clsx from 'clsx';
import { AlertCircle, Box } from 'lucide-react';
import type { Model } from '@truss/contracts';

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
