import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';

/** An auth-card page for a flow that is not available yet: what is coming and what to do now. */
export function NotYetCard({
  icon: Icon,
  title,
  description,
  actionLabel,
  actionTo = '/signin',
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  title: string;
  description: ReactNode;
  actionLabel: string;
  actionTo?: string;
  children?: ReactNode;
}) {
  return (
    <div className="text-center">
      <div className="mb-5 flex justify-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-100">
          <Icon className="size-6" />
        </div>
      </div>
      <h1 className="text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl">{title}</h1>
      <p className="mt-2 text-sm leading-6 text-gray-600">{description}</p>
      {children}
      <Link to={actionTo} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
        {actionLabel}
      </Link>
    </div>
  );
}
