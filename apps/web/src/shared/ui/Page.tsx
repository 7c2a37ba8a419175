import type { ReactNode } from 'react';
import clsx from 'clsx';

export function PageHeader({
  title,
  subtitle,
  actions,
  className,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('mb-6 flex flex-wrap items-start justify-between gap-4', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
        {subtitle && <div className="mt-1 text-sm text-gray-600">{subtitle}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={clsx('rounded-xl border border-gray-200 bg-white shadow-xs', className)}>
      {children}
    </div>
  );
}

export function Badge({
  children,
  tone = 'gray',
  className,
}: {
  children: ReactNode;
  tone?: 'gray' | 'brand' | 'green' | 'amber' | 'red';
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tone === 'gray' && 'bg-gray-50 text-gray-700 ring-gray-200',
        tone === 'brand' && 'bg-brand-50 text-brand-700 ring-brand-200',
        tone === 'green' && 'bg-emerald-50 text-emerald-700 ring-emerald-200',
        tone === 'amber' && 'bg-amber-50 text-amber-800 ring-amber-200',
        tone === 'red' && 'bg-red-50 text-red-700 ring-red-200',
        className,
      )}
    >
      {children}
    </span>
  );
}
