import clsx from 'clsx';

/** Spec §4: indeterminate when the value is null, otherwise clamped to 0..100. */
export function clampProgress(value: number | null | undefined): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  return Math.min(100, Math.max(0, value));
}

export function Progress({
  value,
  label,
  className,
}: {
  value: number | null;
  label: string;
  className?: string;
}) {
  const clamped = clampProgress(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped ?? undefined}
      className={clsx('relative h-1.5 w-full overflow-hidden rounded-full bg-gray-200', className)}
    >
      {clamped === null ? (
        <div className="animate-progress-indeterminate absolute inset-y-0 w-1/3 rounded-full bg-brand-600" />
      ) : (
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${clamped}%` }}
        />
      )}
    </div>
  );
}
