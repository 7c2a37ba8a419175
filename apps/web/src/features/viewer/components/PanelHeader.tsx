import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';

/** A viewer side panel's title bar with its close button. */
export function PanelHeader({ label, onClose }: { label: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex h-10 shrink-0 items-center justify-between border-b border-gray-200 px-3">
      <h2 className="text-sm font-semibold text-gray-900">{label}</h2>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('viewer.closePanel', { panel: label })}
        className="rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
      >
        <X className="size-4" />
      </button>
    </div>
  );
}
