import { useTranslation } from 'react-i18next';
import type { PropertyChange } from '@truss/contracts';

const show = (value: PropertyChange['from']) =>
  value === null ? '—' : typeof value === 'boolean' ? String(value) : String(value);

/** The property changes of one changed element: set, property, before, after. */
export function PropertyDiffTable({ changes }: { changes: PropertyChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) {
    return <p className="px-3 py-2 text-xs text-gray-500">{t('compare.noPropertyChanges')}</p>;
  }
  return (
    <table className="w-full table-fixed border-collapse text-xs" data-testid="property-diff">
      <thead>
        <tr className="border-b border-gray-200 text-left text-gray-500">
          <th className="w-1/4 px-2 py-1 font-medium">{t('compare.set')}</th>
          <th className="w-1/4 px-2 py-1 font-medium">{t('compare.property')}</th>
          <th className="w-1/4 px-2 py-1 font-medium">{t('compare.before')}</th>
          <th className="w-1/4 px-2 py-1 font-medium">{t('compare.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={`${change.set}\u0000${change.name}`} className="border-b border-gray-100">
            <td className="truncate px-2 py-1 text-gray-500" title={change.set}>
              {change.set}
            </td>
            <td className="truncate px-2 py-1 text-gray-900" title={change.name}>
              {change.name}
            </td>
            <td className="break-words px-2 py-1 text-red-700 line-through decoration-red-300">
              {show(change.from)}
            </td>
            <td className="break-words px-2 py-1 text-green-700">{show(change.to)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
