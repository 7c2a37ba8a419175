import { useTranslation } from 'react-i18next';
import type { CompareVersion } from '../api';

const selectClass =
  'h-8 rounded-md border border-gray-300 bg-white px-2 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The two versions compared, any pair of the processed ones (not only the newest against the
 * one before). Picking a version already on the other side swaps the two; the older one is
 * always "from", so the colours keep meaning added and removed.
 */
export function VersionPicker({
  versions,
  from,
  to,
  onChange,
}: {
  /** Processed versions, newest first. */
  versions: readonly CompareVersion[];
  from: CompareVersion;
  to: CompareVersion;
  onChange: (pair: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  const pick = (side: 'from' | 'to', id: string) => {
    const chosen = versions.find((v) => v.id === id);
    if (!chosen) return;
    let next = side === 'from' ? { from: chosen, to } : { from, to: chosen };
    if (next.from.id === next.to.id)
      next = side === 'from' ? { from: chosen, to: from } : { from: to, to: chosen };
    if (next.from.number > next.to.number) next = { from: next.to, to: next.from };
    onChange({ from: next.from.id, to: next.to.id });
  };
  const options = versions.map((v) => (
    <option key={v.id} value={v.id}>
      {t('versions.number', { number: v.number })}
    </option>
  ));
  return (
    <div className="flex items-center gap-1.5 text-sm text-gray-600">
      <select
        aria-label={t('compare.fromVersion')}
        className={selectClass}
        value={from.id}
        onChange={(e) => pick('from', e.target.value)}
      >
        {options}
      </select>
      <span aria-hidden>→</span>
      <select
        aria-label={t('compare.toVersion')}
        className={selectClass}
        value={to.id}
        onChange={(e) => pick('to', e.target.value)}
      >
        {options}
      </select>
    </div>
  );
}
