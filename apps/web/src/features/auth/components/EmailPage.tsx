import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkEmailBodySchema } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { EmailField } from '../../../components/ui/CredentialFields';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { useSchemaValidation } from '../../../lib/form';
import { authApi } from '../api';
import { AuthHeading } from './AuthHeading';

/** "Continue with email": asks the server whether the address is registered, then signs in or up. */
export default function EmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const { errors, submit, revalidate } = useSchemaValidation<typeof checkEmailBodySchema, 'email'>(
    checkEmailBodySchema,
    t,
  );

  const check = useMutation({
    mutationFn: (value: string) => authApi.checkEmail(value),
    onSuccess: ({ registered }, value) => {
      const query = new URLSearchParams({ email: value, ...(redirect ? { redirect } : {}) });
      navigate(`${registered ? '/signin' : '/signup'}?${query}`);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = submit({ email });
    if (parsed) check.mutate(parsed.email);
  };

  return (
    <>
      <AuthHeading title={t('auth.emailTitle')} subtitle={t('auth.emailSubtitle')} />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {check.error && <FormAlert>{errorMessage(check.error, t)}</FormAlert>}
        <EmailField
          autoFocus
          value={email}
          error={errors.email}
          disabled={check.isPending}
          onChange={(e) => {
            setEmail(e.target.value);
            revalidate({ email: e.target.value });
          }}
        />
        <Button type="submit" size="lg" className="w-full" loading={check.isPending}>
          {t('common.continue')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        <Link to="/signin" className="font-medium text-brand-700 hover:text-brand-800">
          {t('auth.backToSignIn')}
        </Link>
      </p>
    </>
  );
}
