import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Spinner } from '../../../components/ui/Spinner';

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-6 text-center">
      <h1 className="text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl">{title}</h1>
      {subtitle && <p className="mt-2 text-sm leading-6 text-gray-600">{subtitle}</p>}
    </div>
  );
}

const iconTones = {
  brand:
    'flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-100',
  red: 'flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-100',
};

/** The round icon over an auth page's heading: brand for a step, red for a failure. */
export function AuthIcon({
  icon: Icon,
  tone = 'brand',
}: {
  icon: LucideIcon;
  tone?: keyof typeof iconTones;
}) {
  return (
    <div className="mb-5 flex justify-center">
      <div className={iconTones[tone]}>
        <Icon className="size-6" aria-hidden />
      </div>
    </div>
  );
}

/** A spinner and what is being done, while a link from a mail or a provider is being used. */
export function AuthWorking({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <Spinner className="size-8 text-brand-600" label={label} />
      <p className="text-sm text-gray-600">{label}</p>
    </div>
  );
}
