import clsx from 'clsx';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <svg
      className={clsx('animate-spin', className ?? 'size-5')}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path
        d="M21.5 12A9.5 9.5 0 0 0 12 2.5"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A centred spinner for a region that is loading. */
export function LoadingBlock({ label, className }: { label: string; className?: string }) {
  return (
    <div
      className={clsx(
        'flex items-center justify-center gap-3 py-16 text-sm text-gray-500',
        className,
      )}
    >
      <Spinner className="size-5 text-brand-600" />
      <span role="status">{label}</span>
    </div>
  );
}
