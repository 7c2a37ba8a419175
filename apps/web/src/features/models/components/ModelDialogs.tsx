import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Check, FolderInput } from 'lucide-react';
import clsx from 'clsx';
import {
  MODEL_NAME_MAX_LENGTH,
  renameModelBodySchema,
  type Model,
  type Project,
} from '@truss/contracts';
import { ConfirmDialog, DialogActions, Modal } from '../../../components/ui/Dialog';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { Badge } from '../../../components/ui/Page';
import { errorMessage } from '../../../lib/errors';
import { useSchemaValidation } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useMyId } from '../../projects/api';
import { useCurrentProject } from '../../projects/current';
import { ProjectAvatar, useProjectName } from '../../projects/components/ProjectAvatar';
import {
  useDeleteModelPermanently,
  useMoveModel,
  useRenameModel,
  useRestoreModel,
  useTrashModel,
} from '../api';
import { canUpload } from '../permissions';
import { useModelName } from '../labels';
import { useOnOpen } from '../../../lib/use-on-open';

/**
 * The share and version-history dialogs (the share dialog with its tabs, form and code input)
 * load when one is first opened: the models list shows neither.
 */
const ShareModelDialog = lazy(async () => ({
  default: (await import('../../share/components/ShareDialog')).ShareModelDialog,
}));
const VersionsDialog = lazy(async () => ({
  default: (await import('./VersionsDialog')).VersionsDialog,
}));

export type ModelDialogState = {
  kind: 'rename' | 'move' | 'trash' | 'delete' | 'share' | 'versions';
  model: Model;
} | null;

/** A model dialog's props: open while `model` is set. */
export interface ModelDialogProps {
  model: Model | null;
  onOpenChange: (open: boolean) => void;
}

/** Opens one of the dialogs (a list's or a page's menu asks). */
export type OpenModelDialog = (state: NonNullable<ModelDialogState>) => void;

/** What a model's card, row and actions menu get. */
export interface ModelItemProps {
  model: Model;
  project: Project;
  onOpenDialog: OpenModelDialog;
}

function RenameModelDialog({
  model,
  onOpenChange,
}: {
  model: Model | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const rename = useRenameModel();
  const { errors, setErrors, submit, revalidate, applyServerErrors } = useSchemaValidation<
    typeof renameModelBodySchema,
    'name'
  >(renameModelBodySchema, t);
  const formId = useId();
  const open = !!model;

  useOnOpen(open, () => {
    setName(model?.name ?? '');
    setErrors({});
    rename.reset();
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!model) return;
    const parsed = submit({ name });
    if (!parsed) return;
    if (parsed.name === model.name) {
      onOpenChange(false);
      return;
    }
    rename.mutate(
      { id: model.id, name: parsed.name },
      {
        onSuccess: (renamed) => {
          toast.success(t('modelDialogs.renamed', { name: renamed.name }));
          onOpenChange(false);
        },
        onError: applyServerErrors,
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !rename.isPending && onOpenChange(next)}
      size="sm"
      title={t('modelDialogs.renameTitle')}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={rename.isPending}
          type="submit"
          form={formId}
        >
          {t('common.save')}
        </DialogActions>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4 pb-2">
        {rename.error && !(rename.error instanceof ApiError && rename.error.fields) && (
          <FormAlert>{errorMessage(rename.error, t)}</FormAlert>
        )}
        <TextField
          label={t('modelDialogs.name')}
          name="name"
          autoComplete="off"
          autoFocus
          onFocus={(e) => {
            // Select the name without its extension, as file managers do.
            const dot = e.target.value.lastIndexOf('.');
            e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
          }}
          maxLength={MODEL_NAME_MAX_LENGTH}
          value={name}
          error={errors.name}
          disabled={rename.isPending}
          onChange={(e) => {
            setName(e.target.value);
            revalidate({ name: e.target.value });
          }}
        />
      </form>
    </Modal>
  );
}

/** Move to another project where the user may upload. */
function MoveModelDialog({
  model,
  onOpenChange,
}: {
  model: Model | null;
  onOpenChange: (open: boolean) => void;
}) {
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

/**
 * A confirmation that runs one mutation on the model (trash, permanent delete): closed by the
 * mutation's success, kept open (and unclosable) while it runs, its error shown inside.
 */
function ModelConfirmDialog<T>({
  model,
  onOpenChange,
  mutation,
  texts,
  onDone,
  children,
}: ModelDialogProps & {
  mutation: UseMutationResult<T, Error, Model>;
  /** Keys of the title (given the model's `name`), description and confirm button. */
  texts: { title: ParseKeys; description: ParseKeys; confirm: ParseKeys };
  onDone: (result: T, model: Model) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const modelName = useModelName();
  const open = !!model;
  useOnOpen(open, () => mutation.reset());
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}
      title={t(texts.title, { name: model ? modelName(model) : '' })}
      description={t(texts.description)}
      confirmLabel={t(texts.confirm)}
      pending={mutation.isPending}
      error={mutation.error ? errorMessage(mutation.error, t) : null}
      onConfirm={() => {
        if (!model) return;
        mutation.mutate(model, {
          onSuccess: (result) => {
            onDone(result, model);
            onOpenChange(false);
          },
        });
      }}
    >
      {children}
    </ConfirmDialog>
  );
}

function TrashModelDialog(props: ModelDialogProps) {
  const { t } = useTranslation();
  const modelName = useModelName();
  const trash = useTrashModel();
  const restore = useRestoreModel();
  return (
    <ModelConfirmDialog
      {...props}
      mutation={trash}
      texts={{
        title: 'modelDialogs.trashTitle',
        description: 'modelDialogs.trashDescription',
        confirm: 'modelDialogs.trashConfirm',
      }}
      onDone={(trashed) =>
        toast.show({
          title: t('modelDialogs.trashed', { name: modelName(trashed) }),
          color: 'success',
          icon: 'success',
          actions: [
            {
              label: t('modelDialogs.undo'),
              onClick: () =>
                restore.mutate(trashed, {
                  onError: (error) => toast.error(errorMessage(error, t)),
                }),
            },
          ],
        })
      }
    />
  );
}

function DeleteModelDialog(props: ModelDialogProps) {
  const { t } = useTranslation();
  const modelName = useModelName();
  const remove = useDeleteModelPermanently();
  return (
    <ModelConfirmDialog
      {...props}
      mutation={remove}
      texts={{
        title: 'trash.deleteTitle',
        description: 'trash.deleteDescription',
        confirm: 'trash.deletePermanently',
      }}
      onDone={(_result, deleted) => toast.success(t('trash.deleted', { name: modelName(deleted) }))}
    >
      <p className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('trash.deleteWarning')}
      </p>
    </ModelConfirmDialog>
  );
}

/** Whether the dialog `kind` is open or has been: from then on it stays mounted, to close animated. */
function useOpenedOnce(state: ModelDialogState, kind: NonNullable<ModelDialogState>['kind']) {
  const [opened, setOpened] = useState(false);
  if (!opened && state?.kind === kind) setOpened(true);
  return opened || state?.kind === kind;
}

/** The rename, move, trash, permanent-delete, share and versions dialogs of one page. */
export function ModelDialogs({ state, onClose }: { state: ModelDialogState; onClose: () => void }) {
  const shareOpened = useOpenedOnce(state, 'share');
  const versionsOpened = useOpenedOnce(state, 'versions');
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  const pick = (kind: NonNullable<ModelDialogState>['kind']) =>
    state?.kind === kind ? state.model : null;
  return (
    <>
      <RenameModelDialog model={pick('rename')} onOpenChange={close} />
      <MoveModelDialog model={pick('move')} onOpenChange={close} />
      <TrashModelDialog model={pick('trash')} onOpenChange={close} />
      <DeleteModelDialog model={pick('delete')} onOpenChange={close} />
      {shareOpened && (
        <Suspense fallback={null}>
          <ShareModelDialog model={pick('share')} onOpenChange={close} />
        </Suspense>
      )}
      {versionsOpened && (
        <Suspense fallback={null}>
          <VersionsDialog model={pick('versions')} onOpenChange={close} />
        </Suspense>
      )}
    </>
  );
}
