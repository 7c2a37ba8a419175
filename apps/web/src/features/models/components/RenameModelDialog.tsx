import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MODEL_NAME_MAX_LENGTH, renameModelBodySchema } from '@truss/contracts';
import { DialogActions, Modal } from '../../../shared/ui/Dialog';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { useSchemaValidation } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useOnOpen } from '../../../lib/use-on-open';
import { useRenameModel } from '../api';
import type { ModelDialogProps } from './dialog-types';

/** Renames a model (the spec's name rules, checked before sending and by the server). */
export function RenameModelDialog({ model, onOpenChange }: ModelDialogProps) {
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
