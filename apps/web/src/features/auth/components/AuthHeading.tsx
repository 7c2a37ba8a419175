import type { ReactNode } from 'react';

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-6 text-center">
      <h1 className="text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl">{title}</h1>
      {subtitle && <p className="mt-2 text-sm leading-6 text-gray-600">{subtitle}</p>}
    </div>
  );
}
