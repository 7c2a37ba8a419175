import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { ArrowRightLeft, Trash2 } from 'lucide-react';
import { DELETE_ACCOUNT_CONFIRMATION, deleteAccountBodySchema } from '@truss/contracts';
import { DialogActions, Modal } from '../../../shared/ui/Dialog';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { personLabel } from '../../../lib/format';
import { useSchemaValidation } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useOnOpen } from '../../../lib/use-on-open';
import { endLocalSession } from '../../auth';
import { deletionPreviewQuery, settingsApi } from '../api';

/**
 * Deleting the account: the dialog first lists what happens to each owned project (handed to
 * the named member, or deleted with its models), then asks for DELETE (and the password).
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const preview = useQuery({ ...deletionPreviewQuery(), enabled: open });
  const { errors, submit, setErrors } = useSchemaValidation<
    typeof deleteAccountBodySchema,
    'confirm' | 'password'
  >(deleteAccountBodySchema, t);
  const remove = useMutation({
    mutationFn: settingsApi.deleteAccount,
    onSuccess: () => {
      onOpenChange(false);
      endLocalSession();
      navigate('/', { replace: true });
      toast.info(t('settings.account.deleted'));
    },
  });
  useOnOpen(open, () => {
    setConfirm('');
    setPassword('');
    setErrors({});
    remove.reset();
  });

  const data = preview.data;
  const transferred = data?.projects.filter((p) => p.action === 'transfer') ?? [];
  const deleted = data?.projects.filter((p) => p.action === 'delete') ?? [];
  const onDelete = () => {
    const body = submit({
      confirm: confirm.trim(),
      ...(data?.requires_password ? { password } : {}),
    });
    if (body) remove.mutate(body);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !remove.isPending && onOpenChange(next)}
      title={t('settings.account.deleteTitle')}
      description={t('settings.account.deleteWarning')}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={remove.isPending}
          variant="danger"
          onClick={onDelete}
          disabled={!data || confirm.trim() !== DELETE_ACCOUNT_CONFIRMATION}
        >
          {t('settings.account.deleteButton')}
        </DialogActions>
      }
    >
      <div className="space-y-4 pb-2 text-sm">
        {remove.error && <FormAlert>{errorMessage(remove.error, t)}</FormAlert>}
        {preview.error && <FormAlert>{errorMessage(preview.error, t)}</FormAlert>}
        {preview.isLoading && <LoadingBlock label={t('common.loading')} />}
        {data && data.projects.length === 0 && (
          <p className="text-gray-700">{t('settings.account.noOwnedProjects')}</p>
        )}
        {transferred.length > 0 && (
          <section>
            <h4 className="flex items-center gap-2 font-medium text-gray-900">
              <ArrowRightLeft className="size-4 text-brand-600" aria-hidden />
              {t('settings.account.transferredTitle', { count: transferred.length })}
            </h4>
            <ul className="mt-2 space-y-1 text-gray-700">
              {transferred.map((p) => (
                <li key={p.id} className="break-words">
                  <Trans
                    i18nKey="settings.account.transferredTo"
                    values={{
                      project: p.name,
                      owner: p.new_owner ? personLabel(p.new_owner) : '',
                    }}
                    components={{ b: <span className="font-medium text-gray-900" /> }}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
        {deleted.length > 0 && (
          <section>
            <h4 className="flex items-center gap-2 font-medium text-gray-900">
              <Trash2 className="size-4 text-red-600" aria-hidden />
              {t('settings.account.deletedTitle', { count: deleted.length })}
            </h4>
            <ul className="mt-2 space-y-1 text-gray-700">
              {deleted.map((p) => (
                <li key={p.id} className="break-words">
                  <span className="font-medium text-gray-900">{p.name}</span>{' '}
                  <span className="text-gray-500">
                    {t('settings.account.withModels', { count: p.model_count })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {data?.requires_password && (
          <TextField
            label={t('form.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        <TextField
          label={t('settings.account.typeDelete', { word: DELETE_ACCOUNT_CONFIRMATION })}
          value={confirm}
          autoComplete="off"
          spellCheck={false}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </div>
    </Modal>
  );
}
