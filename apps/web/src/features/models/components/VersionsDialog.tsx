import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check, Download, Eye, History, Pencil, Trash2, UploadCloud } from 'lucide-react';
import type { Model, ModelVersion } from '@truss/contracts';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../shared/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { Badge } from '../../../shared/ui/Page';
import { errorMessage } from '../../../lib/errors';
import { formatBytes, formatShortDateTime } from '../../../lib/format';
import { useMyId, useCurrentProject } from '../../projects';
import { modelAbilities } from '../permissions';
import { uploadQueue, useUploads } from '../uploads/store';
import {
  downloadVersion,
  useDeleteVersion,
  useMakeVersionCurrent,
  useModelVersions,
  useRenameVersion,
} from '../versions-api';
import { ModelStatusBadge } from './ModelStatusBadge';

/** Picks a file and uploads it as the model's next version (tus metadata modelId). */
function UploadVersionButton({ model }: { model: Model }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState(false);
  const uploads = useUploads().filter(
    (item) => item.versionOf === model.id && item.state === 'uploading',
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        className="hidden"
        data-testid="version-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setRefused(!uploadQueue.add([file], model.project_id, model.id).ok);
        }}
      />
      <Button size="sm" onClick={() => input.current?.click()}>
        <UploadCloud className="size-4" aria-hidden />
        {t('versions.upload')}
      </Button>
      {uploads.map((item) => (
        <span key={item.id} className="text-xs text-gray-600" role="status">
          {t('versions.uploading', { name: item.name, progress: item.progress ?? 0 })}
        </span>
      ))}
      {refused && <FormAlert>{t('errors.TOO_MANY_UPLOADS')}</FormAlert>}
    </div>
  );
}

function VersionRow({
  model,
  version,
  mayEdit,
  onError,
}: {
  model: Model;
  version: ModelVersion;
  mayEdit: boolean;
  onError: (error: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const makeCurrent = useMakeVersionCurrent(model);
  const rename = useRenameVersion(model);
  const remove = useDeleteVersion(model);
  const [editing, setEditing] = useState<string | null>(null);
  const ready = version.status === 'ready';
  return (
    <li className="flex flex-col gap-1.5 py-3" data-testid={`version-${version.number}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-gray-900">
          {t('versions.number', { number: version.number })}
        </span>
        {version.current && <Badge tone="brand">{t('versions.current')}</Badge>}
        {!ready && <ModelStatusBadge model={version} />}
        <span className="text-xs text-gray-500">
          {version.creator?.name ?? version.creator?.email ?? t('versions.unknownUploader')} ·{' '}
          {formatShortDateTime(version.created_at, i18n.language)} ·{' '}
          {formatBytes(version.size, i18n.language)}
        </span>
      </div>
      {editing === null ? (
        <p className="text-sm text-gray-700">
          {version.message || <span className="text-gray-400">{t('versions.noMessage')}</span>}
        </p>
      ) : (
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate(
              { version, message: editing },
              { onSuccess: () => setEditing(null), onError },
            );
          }}
        >
          <input
            aria-label={t('versions.message')}
            className="min-w-0 flex-1 rounded-md border border-gray-300 px-2 py-1 text-sm"
            value={editing}
            maxLength={500}
            onChange={(event) => setEditing(event.target.value)}
          />
          <Button size="sm" type="submit" loading={rename.isPending}>
            {t('common.save')}
          </Button>
        </form>
      )}
      <div className="flex flex-wrap gap-1.5">
        {ready && (
          <Link
            to={`/model/${model.id}${version.current ? '' : `?version=${version.number}`}`}
            className={buttonClass('secondary', 'sm')}
          >
            <Eye className="size-4" aria-hidden />
            {t('versions.open')}
          </Link>
        )}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void downloadVersion(model, version).catch(onError)}
        >
          <Download className="size-4" aria-hidden />
          {t('models.download')}
        </Button>
        {mayEdit && (
          <Button size="sm" variant="secondary" onClick={() => setEditing(version.message)}>
            <Pencil className="size-4" aria-hidden />
            {t('versions.rename')}
          </Button>
        )}
        {mayEdit && ready && !version.current && (
          <Button
            size="sm"
            variant="secondary"
            loading={makeCurrent.isPending}
            onClick={() => makeCurrent.mutate(version, { onError })}
          >
            <Check className="size-4" aria-hidden />
            {t('versions.makeCurrent')}
          </Button>
        )}
        {mayEdit && !version.current && (
          <Button
            size="sm"
            variant="danger"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(t('versions.deleteConfirm', { number: version.number }))) {
                remove.mutate(version, { onError });
              }
            }}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('versions.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** A model's versions: upload a new one, open, download, rename, make current, delete. */
export function VersionsDialog({
  model,
  onOpenChange,
}: {
  model: Model | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const myId = useMyId();
  const { projects } = useCurrentProject();
  const versions = useModelVersions(model?.id);
  const [failure, setFailure] = useState<string | null>(null);
  if (!model) return <Modal open={false} onOpenChange={onOpenChange} title="" />;
  const project = projects.find((p) => p.id === model.project_id) ?? null;
  const mayEdit = modelAbilities(project, myId, model).rename && !model.deleted_at;
  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      size="lg"
      icon={<History className="size-5 text-brand-600" aria-hidden />}
      title={t('versions.title', { name: model.name })}
      description={t('versions.description')}
    >
      {mayEdit && <UploadVersionButton model={model} />}
      {failure && <FormAlert>{failure}</FormAlert>}
      <ul className="mt-2 max-h-[55vh] divide-y divide-gray-100 overflow-y-auto">
        {(versions.data ?? []).map((version) => (
          <VersionRow
            key={version.id}
            model={model}
            version={version}
            mayEdit={mayEdit}
            onError={(error) => setFailure(errorMessage(error, t))}
          />
        ))}
      </ul>
    </Modal>
  );
}
