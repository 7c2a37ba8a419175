import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { formatBytes } from '../../../lib/format';
import { ModelProgress } from './ModelProgress';
import { ModelStatusBadge } from './ModelStatusBadge';
import { ModelThumbnail } from './ModelThumbnail';
import { creatorLabel, formatLabel, useModelName } from '../labels';
import { ModelActionsMenu } from './ModelActionsMenu';
import type { ModelItemProps } from './ModelDialogs';
import { ModelFailureLine } from './ModelFailureLine';
import { ModelMeta } from './ModelMeta';

/** List view: a table row per model. */
export function ModelRow({ model, project, onOpenDialog }: ModelItemProps) {
  const { t, i18n } = useTranslation();
  const name = useModelName()(model);
  const creator = creatorLabel(model);
  return (
    <tr className="relative border-b border-gray-100 last:border-0 hover:bg-gray-50">
      <td className="max-w-0 px-4 py-2.5">
        <div className="flex min-w-0 items-center gap-3">
          <ModelThumbnail
            model={model}
            className="size-10 rounded-lg ring-1 ring-gray-200"
            iconClassName="size-5"
          />
          <div className="min-w-0 flex-1">
            <Link
              to={`/model/${model.id}`}
              title={name}
              className="block truncate font-medium text-gray-900 outline-none after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600"
            >
              {name}
            </Link>
            <ModelFailureLine model={model} />
            {/* On phones the columns fold into one line under the name. */}
            <div className="mt-0.5 flex min-w-0 items-center gap-2 text-xs text-gray-500 sm:hidden">
              <ModelStatusBadge model={model} className="shrink-0" />
              <ModelMeta model={model} />
            </div>
            <ModelProgress model={model} className="mt-1 max-w-64 md:hidden" />
          </div>
        </div>
      </td>
      <td className="hidden px-4 py-2.5 text-gray-600 lg:table-cell">
        {formatLabel(model.format) ?? <span className="text-gray-500">—</span>}
      </td>
      <td className="hidden px-4 py-2.5 whitespace-nowrap text-gray-600 tabular-nums sm:table-cell">
        {formatBytes(model.size, i18n.language)}
      </td>
      <td className="hidden max-w-0 px-4 py-2.5 text-gray-600 xl:table-cell">
        <span className="block truncate" title={creator ?? undefined}>
          {/* '' : an uploader shown to a guest, who gets neither name nor address */}
          {creator || t(model.creator ? 'topics.projectMember' : 'models.formerMember')}
        </span>
      </td>
      <td className="hidden px-4 py-2.5 sm:table-cell">
        <div className="flex flex-col items-start gap-1">
          <ModelStatusBadge model={model} />
          {model.status === 'processing' && (
            <ModelProgress model={model} className="hidden w-full max-w-40 md:block" />
          )}
        </div>
      </td>
      <td className="hidden px-4 py-2.5 whitespace-nowrap text-gray-600 md:table-cell">
        <RelativeTime iso={model.updated_at} />
      </td>
      <td className="px-2 py-2.5">
        <div className="flex items-center justify-end">
          <ModelActionsMenu model={model} project={project} onOpenDialog={onOpenDialog} />
        </div>
      </td>
    </tr>
  );
}
