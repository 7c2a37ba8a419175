import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioGroup, Switch } from 'radix-ui';
import { Globe, KeyRound, Lock, ShieldAlert } from 'lucide-react';
import clsx from 'clsx';
import type { Share, ShareType } from '@truss/contracts';
import { Badge } from '../../../components/ui/Page';
import { formatShortDateTime } from '../../../lib/format';

export const shareTypeIcons: Record<ShareType, typeof Globe> = {
  public: Globe,
  password: KeyRound,
  private: Lock,
};

/** Public / Password protected / Private — with its icon. */
export function ShareTypeBadge({ type }: { type: ShareType }) {
  const { t } = useTranslation();
  const Icon = shareTypeIcons[type];
  return (
    <Badge tone={type === 'public' ? 'brand' : 'gray'} className="whitespace-nowrap">
      <Icon className="size-3" aria-hidden />
      {t(`share.types.${type}`)}
    </Badge>
  );
}

/** Active, Disabled, or Expired (an active share past its expiry answers "does not exist"). */
export function ShareStatusBadge({ share }: { share: Pick<Share, 'status' | 'expired'> }) {
  const { t } = useTranslation();
  if (share.status === 'disabled') return <Badge>{t('share.status.disabled')}</Badge>;
  if (share.expired) return <Badge tone="amber">{t('share.status.expired')}</Badge>;
  return <Badge tone="green">{t('share.status.active')}</Badge>;
}

/** "Never expires", "Expired", or the date and time it runs out. */
export function ShareExpiry({ share }: { share: Pick<Share, 'expires_at' | 'expired'> }) {
  const { t, i18n } = useTranslation();
  if (!share.expires_at) return <span>{t('share.expiry.never')}</span>;
  const when = formatShortDateTime(share.expires_at, i18n.language);
  return (
    <time dateTime={share.expires_at} className={share.expired ? 'text-amber-700' : undefined}>
      {share.expired ? t('share.expiry.expiredOn', { date: when }) : when}
    </time>
  );
}

/** The code was locked after too many wrong tries: nobody can open it until a new code is set. */
export function CodeLockedNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className={clsx(
        'flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900',
        className,
      )}
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
      {t('share.codeLocked')}
    </p>
  );
}

/** "Code locked": too many wrong codes; the owner must set a new one. */
export function CodeLockedBadge() {
  const { t } = useTranslation();
  return (
    <Badge tone="red" className="whitespace-nowrap">
      <ShieldAlert className="size-3" aria-hidden />
      {t('share.list.codeLocked')}
    </Badge>
  );
}

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

export interface SegmentOption<V extends string> {
  value: V;
  label: string;
  hint?: string;
}

/** A labelled row of choices (radio group drawn as segments or cards). */
export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  cards = false,
}: {
  label: string;
  value: V;
  options: SegmentOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  cards?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <p id={id} className="text-sm font-medium text-gray-800">
        {label}
      </p>
      <RadioGroup.Root
        aria-labelledby={id}
        value={value}
        disabled={disabled}
        onValueChange={(v) => {
          const next = options.find((o) => o.value === v);
          if (next) onChange(next.value);
        }}
        className={clsx(
          cards ? 'grid gap-2 sm:grid-cols-3' : 'flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1',
        )}
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className={clsx(
              'text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed',
              cards
                ? 'rounded-lg border border-gray-200 bg-white px-3 py-2.5 text-left hover:border-gray-300 data-[state=checked]:border-brand-500 data-[state=checked]:ring-3 data-[state=checked]:ring-brand-500/15'
                : 'flex-1 rounded-md px-3 py-1.5 font-medium whitespace-nowrap text-gray-600 hover:text-gray-900 data-[state=checked]:bg-white data-[state=checked]:text-brand-700 data-[state=checked]:shadow-xs',
            )}
          >
            <span className={cards ? 'block font-medium text-gray-900' : undefined}>
              {option.label}
            </span>
            {cards && option.hint && (
              <span className="mt-0.5 block text-xs leading-5 text-gray-500">{option.hint}</span>
            )}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
