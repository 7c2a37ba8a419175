import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { WorkspaceSheets } from './SheetView';

export type WorkspaceRegion = '3d' | 'sheets';

/**
 * Which regions of the workspace show: the 3D view, the sheets, or both side by side on a wide
 * screen; on a phone one at a time, switched at the top of the view.
 */
export function useSheetLayout(
  sheets: WorkspaceSheets | undefined,
  sheetsOnly: boolean,
  narrow: boolean,
) {
  const [phoneRegion, setPhoneRegion] = useState<WorkspaceRegion>(sheetsOnly ? 'sheets' : '3d');
  const hasSheets = !!sheets && (sheetsOnly || sheets.sheets.length > 0);
  const switching = narrow && hasSheets && !sheetsOnly;
  return {
    hasSheets,
    /** The 3D region is mounted (its engine lives as long as its host)… */
    mount3d: !sheetsOnly,
    /** …and shown. */
    show3d: !sheetsOnly && (!switching || phoneRegion === '3d'),
    showSheets: hasSheets && (!switching || phoneRegion === 'sheets'),
    switching,
    phoneRegion,
    setPhoneRegion,
  };
}

/** The phone's switch between the 3D view and the sheets. */
export function RegionSwitch({
  value,
  onChange,
}: {
  value: WorkspaceRegion;
  onChange: (region: WorkspaceRegion) => void;
}) {
  const { t } = useTranslation();
  const options: { region: WorkspaceRegion; label: string }[] = [
    { region: '3d', label: t('viewer.sheets.view3d') },
    { region: 'sheets', label: t('viewer.sheets.viewSheets') },
  ];
  return (
    <div
      role="radiogroup"
      aria-label={t('viewer.sheets.viewSwitch')}
      data-covers-view=""
      className="pointer-events-auto flex gap-1 rounded-lg border border-gray-200 bg-white/95 p-1 shadow-md backdrop-blur"
    >
      {options.map(({ region, label }) => (
        <button
          key={region}
          type="button"
          role="radio"
          aria-checked={value === region}
          onClick={() => onChange(region)}
          className={clsx(
            'rounded-md px-3 py-1 text-sm font-medium',
            value === region ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
