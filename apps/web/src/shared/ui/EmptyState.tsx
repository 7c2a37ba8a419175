import type { ComponentType, ReactNode } from 'react';
import clsx from 'clsx';

/** An honest empty state: an icon, what it is, one sentence of what is coming and what to do now. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  className,
}: {
  icon: ComponentType<{ className?: string }>;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center',
        className,
      )}
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <Icon className="size-6" />
      </div>
      <p className="text-base font-semibold text-gray-900 first-letter:uppercase">{title}</p>
      <p className="mt-1.5 max-w-md text-sm leading-6 text-gray-600">{description}</p>
      {children && (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{children}</div>
      )}
    </div>
  );
}
