import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/Field';

/** A share visitor's display name, asked before their first post and kept in this browser. */
export function VisitorName({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="flex flex-col gap-1 text-xs text-gray-600">
      {t('topics.visitorName')}
      <input
        className={inputClass(false, 'h-8 text-sm')}
        value={value}
        maxLength={64}
        required
        autoComplete="name"
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
