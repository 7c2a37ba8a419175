import { Link } from 'react-router';
import { Card } from '../../../shared/ui/Page';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { ModelProgress } from './ModelProgress';
import { ModelStatusBadge } from './ModelStatusBadge';
import { ModelThumbnail } from './ModelThumbnail';
import { useModelName } from '../labels';
import { ModelActionsMenu } from './ModelActionsMenu';
import type { ModelItemProps } from './ModelDialogs';
import { ModelFailureLine } from './ModelFailureLine';
import { OpenIssuesBadge } from '../../topics';
import { ModelMeta } from './ModelMeta';

/** Grid view: a card per model with its thumbnail; the whole card opens the model. */
export function ModelCard({ model, project, onOpenDialog }: ModelItemProps) {
  const name = useModelName()(model);
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-shadow focus-within:border-gray-300 hover:border-gray-300 hover:shadow-md">
      <ModelThumbnail
        model={model}
        className="aspect-[4/3] border-b border-gray-100"
        iconClassName="size-10"
      />
      <div className="absolute top-2 left-2 flex items-center gap-1">
        <ModelStatusBadge model={model} className="bg-white/90 backdrop-blur" />
        <OpenIssuesBadge projectId={model.project_id} modelId={model.id} />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <div className="flex items-start gap-2">
          <Link
            to={`/model/${model.id}`}
            title={name}
            className="min-w-0 flex-1 truncate font-medium text-gray-900 outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
          >
            {name}
          </Link>
          <div className="-mt-1 -mr-1">
            <ModelActionsMenu model={model} project={project} onOpenDialog={onOpenDialog} />
          </div>
        </div>
        <ModelFailureLine model={model} />
        <ModelProgress model={model} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 pt-1 text-xs text-gray-500">
          <ModelMeta model={model} />
          <RelativeTime iso={model.updated_at} className="shrink-0" />
        </div>
      </div>
    </Card>
  );
}
