import clsx from 'clsx';
import { Link } from 'react-router';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={clsx('shrink-0', className ?? 'size-8')} aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M7 23 16 8l9 15H7Z"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path
        d="M11.5 23 16 15.5 20.5 23M16 8v7.5"
        fill="none"
        stroke="#c7d2fe"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The product mark and name, linking home. */
export function Brand({
  to = '/',
  className,
  size = 'md',
}: {
  to?: string;
  className?: string;
  size?: 'md' | 'lg';
}) {
  return (
    <Link
      to={to}
      className={clsx(
        'inline-flex items-center gap-2.5 rounded-lg font-semibold tracking-tight text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600',
        size === 'lg' ? 'text-xl' : 'text-lg',
        className,
      )}
    >
      <LogoMark className={size === 'lg' ? 'size-9' : 'size-8'} />
      <span>Truss</span>
    </Link>
  );
}
