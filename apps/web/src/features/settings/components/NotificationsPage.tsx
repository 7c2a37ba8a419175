import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Switch } from 'radix-ui';
import { ShieldCheck } from 'lucide-react';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '@truss/contracts';
import { FormAlert } from '../../../components/ui/Field';
import { Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { notificationsKey, notificationsQuery, settingsApi } from '../api';

function Toggle({
  kind,
  checked,
  onChange,
}: {
  kind: NotificationKind;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 px-5 py-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          {t(`settings.notifications.kinds.${kind}.title`)}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-gray-600">
          {t(`settings.notifications.kinds.${kind}.description`)}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-gray-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}

/** /settings/notifications: which mails to get; security mails are always sent. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, error } = useQuery(notificationsQuery());
  const update = useMutation({
    mutationFn: settingsApi.updateNotifications,
    // The switch moves at once; a failure puts it back.
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: notificationsKey });
      const before = client.getQueryData<NotificationSettings>(notificationsKey);
      if (before) client.setQueryData(notificationsKey, { ...before, ...patch });
      return { before };
    },
    onSuccess: (next) => {
      client.setQueryData(notificationsKey, next);
      toast.success(t('settings.notifications.saved'));
    },
    onError: (err, _patch, context) => {
      if (context?.before) client.setQueryData(notificationsKey, context.before);
      toast.error(t('settings.notifications.saveFailed'), errorMessage(err, t));
    },
  });

  if (error) return <FormAlert>{errorMessage(error, t)}</FormAlert>;
  if (!data) return <LoadingBlock label={t('common.loading')} />;
  return (
    <div className="space-y-4">
      <Card className="divide-y divide-gray-100">
        {NOTIFICATION_KINDS.map((kind) => (
          <Toggle
            key={kind}
            kind={kind}
            checked={data[kind]}
            onChange={(value) => update.mutate({ [kind]: value })}
          />
        ))}
      </Card>
      <p className="flex items-start gap-2 text-sm text-gray-600">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-gray-400" aria-hidden />
        {t('settings.notifications.securityNote')}
      </p>
    </div>
  );
}
