import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LogOut, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { passwordSchema } from '@truss/contracts';
import { Button, buttonClass } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/Dialog';
import { NewPasswordFields } from '../../../components/ui/CredentialFields';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { Badge, Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDate, useFormatPreferences } from '../../../lib/format';
import { useFormValues, useSchemaValidation } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { profileQuery, endLocalSession } from '../../auth';
import { connectorsQuery, settingsApi } from '../api';
import { DeleteAccountDialog } from './DeleteAccountDialog';

const passwordForm = (needsCurrent: boolean) =>
  z
    .object({
      currentPassword: needsCurrent
        ? z.string().min(1, { error: 'validation.passwordRequired' })
        : z.string().optional(),
      newPassword: passwordSchema,
      confirmPassword: z.string(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      error: 'validation.passwordsMismatch',
    });

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [schema] = useState(() => passwordForm(hasPassword));
  const { errors, submit, revalidate } = useSchemaValidation<typeof schema, PasswordField>(
    schema,
    t,
  );
  // Editing a field clears the server's answer about the old values.
  const { values, setValues, set } = useFormValues(empty, revalidate, () => change.reset());
  const change = useMutation({
    mutationFn: settingsApi.changePassword,
    onSuccess: () => {
      setValues(empty);
      toast.success(
        t('settings.account.passwordChanged'),
        t('settings.account.otherSessionsEnded'),
      );
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = submit(values);
    if (!parsed) return;
    change.mutate({
      ...(hasPassword ? { currentPassword: parsed.currentPassword } : {}),
      newPassword: parsed.newPassword,
    });
  };

  return (
    <Card className="p-5">
      <h3 className="text-sm font-semibold text-gray-900">
        {hasPassword ? t('settings.account.changePassword') : t('settings.account.setPassword')}
      </h3>
      <p className="mt-1 text-sm text-gray-600">{t('settings.account.passwordHint')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 max-w-md space-y-4">
        {change.error && <FormAlert>{errorMessage(change.error, t)}</FormAlert>}
        {hasPassword && (
          <TextField
            label={t('settings.account.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            error={errors.currentPassword}
            onChange={(e) => set('currentPassword', e.target.value)}
          />
        )}
        <NewPasswordFields
          label={t('settings.account.newPassword')}
          password={values.newPassword}
          confirm={values.confirmPassword}
          passwordError={errors.newPassword}
          confirmError={errors.confirmPassword}
          onPasswordChange={(value) => set('newPassword', value)}
          onConfirmChange={(value) => set('confirmPassword', value)}
        />
        <Button type="submit" loading={change.isPending}>
          {hasPassword ? t('settings.account.changePassword') : t('settings.account.setPassword')}
        </Button>
      </form>
    </Card>
  );
}

function SignOutEverywhere() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const logoutAll = useMutation({
    mutationFn: settingsApi.logoutAll,
    onSuccess: () => {
      endLocalSession();
      navigate('/signin', { replace: true });
      toast.info(t('settings.account.signedOutEverywhere'));
    },
  });
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-5">
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-semibold text-gray-900">{t('settings.account.signOutAll')}</h3>
        <p className="mt-1 text-sm text-gray-600">{t('settings.account.signOutAllHint')}</p>
      </div>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <LogOut className="size-4" aria-hidden />
        {t('settings.account.signOutAll')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('settings.account.signOutAllConfirm')}
        description={t('settings.account.signOutAllHint')}
        confirmLabel={t('settings.account.signOutAll')}
        onConfirm={() => logoutAll.mutate()}
        pending={logoutAll.isPending}
        error={logoutAll.error ? errorMessage(logoutAll.error, t) : null}
      />
    </Card>
  );
}

/** /settings/account: sign-in email, password, sessions and account deletion. */
export default function AccountPage() {
  const { t, i18n } = useTranslation();
  useFormatPreferences();
  const profile = useQuery(profileQuery());
  const connectors = useQuery(connectorsQuery());
  const [deleting, setDeleting] = useState(false);
  if (profile.error) return <FormAlert>{errorMessage(profile.error, t)}</FormAlert>;
  if (!profile.data || connectors.isLoading) return <LoadingBlock label={t('common.loading')} />;
  const p = profile.data;

  return (
    <div className="space-y-6">
      <Card>
        <dl className="divide-y divide-gray-100">
          {[
            [
              t('form.email'),
              <span key="email" className="inline-flex flex-wrap items-center gap-2 wrap-anywhere">
                {p.email ?? (
                  <>
                    <span className="text-gray-500">{t('settings.addEmail.none')}</span>
                    <Link
                      to="/settings/profile"
                      className="font-medium text-brand-700 hover:text-brand-800"
                    >
                      {t('settings.addEmail.addInProfile')}
                    </Link>
                  </>
                )}
                {p.email !== null && p.email_verified && (
                  <Badge tone="green">{t('settings.verified')}</Badge>
                )}
              </span>,
            ],
            [t('settings.status'), t(`settings.statuses.${p.status}`)],
            [t('settings.memberSince'), formatDate(p.created_at, i18n.language)],
          ].map(([label, value], i) => (
            <div key={i} className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-gray-600">{label}</dt>
              <dd className="min-w-0 text-sm text-gray-900 sm:col-span-2">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {connectors.error ? (
        <FormAlert>{errorMessage(connectors.error, t)}</FormAlert>
      ) : p.email === null ? (
        <Card className="p-5">
          <h3 className="text-sm font-semibold text-gray-900">
            {t('settings.account.setPassword')}
          </h3>
          <p className="mt-1 text-sm text-gray-600">{t('settings.account.passwordNeedsEmail')}</p>
          <Link to="/settings/profile" className={buttonClass('secondary', 'md', 'mt-4')}>
            {t('settings.addEmail.addInProfile')}
          </Link>
        </Card>
      ) : (
        <ChangePasswordCard hasPassword={connectors.data?.has_password ?? true} />
      )}
      <SignOutEverywhere />
      <Card className="border-red-200 p-5">
        <h3 className="text-sm font-semibold text-red-700">{t('settings.account.deleteTitle')}</h3>
        <p className="mt-1 text-sm text-gray-600">{t('settings.account.deleteHint')}</p>
        <Button variant="danger" className="mt-4" onClick={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden />
          {t('settings.account.deleteButton')}
        </Button>
      </Card>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}
