import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { LengthUnit, SheetViewer } from '@truss/viewer/sheet';
import { Button } from '../../../components/ui/Button';
import type { SheetSnapshot } from './useSheetViewer';

const UNITS: LengthUnit[] = ['mm', 'cm', 'm', 'in', 'ft'];

/** The measurements on the sheet, each removable, and the hint of the active tool. */
export function SheetMeasurements({
  viewer,
  snapshot,
}: {
  viewer: SheetViewer;
  snapshot: SheetSnapshot;
}) {
  const { t } = useTranslation();
  const hint = snapshot.tool === 'pan' ? null : t(`viewer.sheets.hint.${snapshot.tool}`);
  if (!hint && snapshot.measurements.length === 0) return null;
  return (
    <div className="pointer-events-auto w-56 rounded-xl border border-gray-200 bg-white/95 p-2 text-sm shadow-lg backdrop-blur">
      {hint && <p className="px-1 pb-1 text-xs text-gray-600">{hint}</p>}
      {snapshot.measurements.length > 0 && (
        <ul aria-label={t('viewer.sheets.measurements')} className="space-y-0.5">
          {snapshot.measurements.map((m) => (
            <li key={m.id} className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-gray-50">
              <span className="text-xs text-gray-500">
                {t(m.kind === 'area' ? 'viewer.sheets.area' : 'viewer.sheets.distance')}
              </span>
              <span className="flex-1 text-right font-medium text-gray-900 tabular-nums">
                {m.text}
              </span>
              <button
                type="button"
                onClick={() => viewer.removeMeasurement(m.id)}
                aria-label={t('viewer.sheets.removeMeasurement', { value: m.text })}
                className="rounded p-0.5 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {snapshot.calibrated && (
        <p className="px-1 pt-1 text-xs text-gray-500">{t('viewer.sheets.calibratedNote')}</p>
      )}
    </div>
  );
}

/** After the calibrate tool picked two points: their real length, then the tool goes back to distance. */
export function CalibrateForm({ viewer, onDone }: { viewer: SheetViewer; onDone: () => void }) {
  const { t } = useTranslation();
  const [length, setLength] = useState('');
  const [unit, setUnit] = useState<LengthUnit>('m');
  const value = Number.parseFloat(length.replace(',', '.'));
  const valid = Number.isFinite(value) && value > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    viewer.calibrate(value, unit);
    viewer.setTool('distance');
    onDone();
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('viewer.sheets.calibrateTitle')}
      className="pointer-events-auto flex flex-wrap items-end gap-2 rounded-xl border border-gray-200 bg-white p-3 text-sm shadow-lg"
    >
      <label className="flex flex-col gap-1">
        <span className="text-xs font-medium text-gray-700">{t('viewer.sheets.knownLength')}</span>
        <input
          inputMode="decimal"
          autoFocus
          value={length}
          onChange={(event) => setLength(event.target.value)}
          className="w-24 rounded-md border border-gray-300 px-2 py-1"
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-xs font-medium text-gray-700">{t('viewer.sheets.unit')}</span>
        <select
          value={unit}
          onChange={(event) => setUnit(event.target.value as LengthUnit)}
          className="rounded-md border border-gray-300 px-2 py-1"
        >
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" size="sm" disabled={!valid}>
        {t('viewer.sheets.calibrateApply')}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        onClick={() => {
          viewer.setTool('pan');
          onDone();
        }}
      >
        {t('common.cancel')}
      </Button>
    </form>
  );
}
