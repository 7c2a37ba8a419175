import type { ReactNode } from 'react';

/** A whole-page message under the header (processing, failed, unavailable, not found). */
export function StatePanel({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm">
        <div className="mx-auto mb-3 flex size-12 items-center justify-center rounded-xl bg-gray-50 ring-1 ring-gray-200">
          {icon}
        </div>
        <h2 className="text-base font-semibold text-gray-900">{title}</h2>
        {children}
      </div>
    </div>
  );
}
