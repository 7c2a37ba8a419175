import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, FolderInput } from 'lucide-react';
import clsx from 'clsx';
import { DialogActions, Modal } from '../../../shared/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { Badge } from '../../../shared/ui/Page';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useOnOpen } from '../../../lib/use-on-open';
import { useMyId, useCurrentProject, ProjectAvatar, useProjectName } from '../../projects';
import { useMoveModel } from '../api';
import { useModelName } from '../labels';
import { canUpload } from '../permissions';
import type { ModelDialogProps } from './dialog-types';

/** Move to another project where the user may upload. */
export function MoveModelDialog({ model, onOpenChange }: ModelDialogProps) {
  const { t } = useTranslation();
  const myId = useMyId();
  const { projects } = useCurrentProject();
  const projectName = useProjectName();
  const modelName = useModelName();
  const move = useMoveModel();
  const [target, setTarget] = useState<string | null>(null);
  const open = !!model;
  const labelId = useId();

  const targets = useMemo(
    () => projects.filter((p) => p.id !== model?.project_id && canUpload(p, myId)),
    [projects, model?.project_id, myId],
  );

  useOnOpen(open, () => {
    setTarget(null);
    move.reset();
  });

  const chosen = targets.find((p) => p.id === target) ?? null;
  const onMove = () => {
    if (!model || !chosen) return;
    move.mutate(
      { model, projectId: chosen.id },
      {
        onSuccess: () => {
          toast.success(
            t('modelDialogs.moved', { name: modelName(model), project: projectName(chosen) }),
          );
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !move.isPending && onOpenChange(next)}
      title={t('modelDialogs.moveTitle')}
      description={model ? t('modelDialogs.moveDescription', { name: modelName(model) }) : ''}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={move.isPending}
          onClick={onMove}
          disabled={!chosen}
        >
          <FolderInput className="size-4" aria-hidden />
          {t('modelDialogs.move')}
        </DialogActions>
      }
    >
      <div className="space-y-3 pb-2">
        {move.error && <FormAlert>{errorMessage(move.error, t)}</FormAlert>}
        {targets.length === 0 ? (
          <p className="rounded-lg bg-gray-50 px-3 py-4 text-sm text-gray-600">
            {t('modelDialogs.noTargets')}
          </p>
        ) : (
          <>
            <p id={labelId} className="text-sm font-medium text-gray-800">
              {t('modelDialogs.target')}
            </p>
            <div
              role="radiogroup"
              aria-labelledby={labelId}
              className="max-h-72 divide-y divide-gray-100 overflow-y-auto rounded-xl border border-gray-200"
            >
              {targets.map((p) => {
                const checked = p.id === target;
                return (
                  <button
                    key={p.id}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    onClick={() => setTarget(p.id)}
                    className={clsx(
                      'flex w-full items-center gap-3 px-3 py-2.5 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                      checked ? 'bg-brand-50' : 'hover:bg-gray-50',
                    )}
                  >
                    <ProjectAvatar project={p} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-gray-900">
                        {projectName(p)}
                      </span>
                      <span className="block text-xs text-gray-500">
                        {t('projects.modelCount', { count: p.model_count })}
                      </span>
                    </span>
                    {p.is_default && <Badge tone="brand">{t('projects.defaultBadge')}</Badge>}
                    <span
                      aria-hidden
                      className={clsx(
                        'flex size-5 shrink-0 items-center justify-center rounded-full border',
                        checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300',
                      )}
                    >
                      {checked && <Check className="size-3.5" />}
                    </span>
                  </button>
                );
              })}
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
