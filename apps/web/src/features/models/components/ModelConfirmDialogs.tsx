import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { Model } from '@truss/contracts';
import { ConfirmDialog } from '../../../shared/ui/Dialog';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useOnOpen } from '../../../lib/use-on-open';
import { useDeleteModelPermanently, useRestoreModel, useTrashModel } from '../api';
import { useModelName } from '../labels';
import type { ModelDialogProps } from './dialog-types';

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

export function TrashModelDialog(props: ModelDialogProps) {
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

export function DeleteModelDialog(props: ModelDialogProps) {
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
