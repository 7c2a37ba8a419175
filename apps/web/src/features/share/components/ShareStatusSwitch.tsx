import { useTranslation } from 'react-i18next';
import { Switch } from 'radix-ui';
import type { Share } from '@truss/contracts';

/** Turns a share on or off; the label says which share for screen readers. */
export function ShareStatusSwitch({
  share,
  onChange,
  disabled,
}: {
  share: Pick<Share, 'status' | 'model_name'>;
  onChange: (active: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const active = share.status === 'active';
  return (
    <Switch.Root
      checked={active}
      disabled={disabled}
      onCheckedChange={onChange}
      aria-label={t('share.list.toggle', { name: share.model_name })}
      className="relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-gray-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-600"
    >
      <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
    </Switch.Root>
  );
}
