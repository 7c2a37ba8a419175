import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { salesContactBodySchema, type Plan } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { DialogActions, Modal } from '../../../shared/ui/Dialog';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { useFormValues, useSchemaValidation } from '../../../lib/form';
import { useAuth } from '../../../lib/auth-store';
import { sendSalesContact } from '../api';

type Field = 'name' | 'email' | 'company' | 'phone' | 'message';

/** Enterprise: "Contact sales" opens a form that mails the sales address (and is recorded). */
export function ContactSalesButton({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const profile = useAuth((s) => s.profile ?? s.user);
  const formId = useId();
  const { errors, submit, revalidate, applyServerErrors } = useSchemaValidation<
    typeof salesContactBodySchema,
    Field
  >(salesContactBodySchema, t);
  const initial = () => ({
    name: profile?.full_name ?? '',
    email: profile?.email ?? '',
    company: '',
    phone: '',
    message: '',
  });
  const { values, setValues, set } = useFormValues(initial, revalidate);
  const send = useMutation({ mutationFn: sendSalesContact });

  const onOpenChange = (next: boolean) => {
    if (send.isPending) return;
    if (next) {
      setValues(initial());
      send.reset();
    }
    setOpen(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = submit(values);
    if (parsed) send.mutate(parsed, { onError: applyServerErrors });
  };

  return (
    <>
      <Button className="mt-6 w-full" variant="primary" onClick={() => onOpenChange(true)}>
        {t('upgrade.contactSales')}
      </Button>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={t('sales.title', { plan: t(`plans.${plan.id}`) })}
        description={send.isSuccess ? undefined : t('sales.description')}
        footer={
          send.isSuccess ? (
            <Button onClick={() => onOpenChange(false)}>{t('common.close')}</Button>
          ) : (
            <DialogActions
              onCancel={() => onOpenChange(false)}
              pending={send.isPending}
              type="submit"
              form={formId}
            >
              {t('sales.send')}
            </DialogActions>
          )
        }
      >
        {send.isSuccess ? (
          <FormAlert tone="success">{t('sales.sent')}</FormAlert>
        ) : (
          <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4 pb-2">
            {send.error && !(Object.keys(errors).length > 0) && (
              <FormAlert>{errorMessage(send.error, t)}</FormAlert>
            )}
            <TextField
              label={t('sales.name')}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              error={errors.name}
              autoComplete="name"
            />
            <TextField
              label={t('sales.email')}
              type="email"
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
              error={errors.email}
              autoComplete="email"
            />
            <TextField
              label={t('sales.company')}
              value={values.company}
              onChange={(e) => set('company', e.target.value)}
              error={errors.company}
              autoComplete="organization"
            />
            <TextField
              label={t('sales.phone')}
              type="tel"
              value={values.phone}
              onChange={(e) => set('phone', e.target.value)}
              error={errors.phone}
              autoComplete="tel"
            />
            <TextAreaField
              label={t('sales.message')}
              value={values.message}
              onChange={(e) => set('message', e.target.value)}
              error={errors.message}
              rows={4}
            />
          </form>
        )}
      </Modal>
    </>
  );
}
