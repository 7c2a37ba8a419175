import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import {
  distanceComponents,
  formatLength,
  modelFrameOf,
  toModelCoordinates,
  type ModelFrame,
} from '@truss/viewer/model-units';
import type { Measurement, MeasurementKind, Vec3, Viewer } from '../engine';

/** A point's coordinates as its label in the view shows them: X, Y, Z in the model's unit. */
export function pointLabel(world: Vec3, frame: ModelFrame): string {
  const [x, y, z] = toModelCoordinates(world, frame).map((value) =>
    formatLength(value, frame.unit).replace(/ .*$/, ''),
  );
  return `X ${x} · Y ${y} · Z ${z} ${frame.unit}`;
}

/** A measurement's value with its unit. */
function formatMeasurement(m: Pick<Measurement, 'kind' | 'value'>): string {
  if (m.kind === 'angle') return `${m.value.toFixed(1)}°`;
  if (m.kind === 'area') return `${m.value.toFixed(3)} m²`;
  return `${m.value.toFixed(3)} m`;
}

/**
 * Coordinates read in the first model's frame: federated models are aligned to it (their
 * translation), so one frame serves every point in the scene.
 */
function sceneFrame(viewer: Viewer): ModelFrame | null {
  const first = viewer.models()[0];
  return first ? modelFrameOf(first) : null;
}

const AXES = ['x', 'y', 'z'] as const;

/** dx, dy, dz of a distance along the model's axes, in metres like the distance itself. */
function Components({ measurement, frame }: { measurement: Measurement; frame: ModelFrame }) {
  const { t } = useTranslation();
  const [a, b] = measurement.points;
  if (!a || !b) return null;
  const parts = distanceComponents(a, b, frame);
  return (
    <dl
      className="grid grid-cols-3 gap-x-2 px-2 pb-1 text-[11px] text-gray-600 tabular-nums"
      aria-label={t('viewer.measure.components')}
      data-measure-components
    >
      {AXES.map((axis, i) => (
        <div key={axis} className="flex gap-1">
          <dt className="text-gray-400">{t(`viewer.measure.d${axis}`)}</dt>
          <dd data-measure-component={axis}>{formatLength(parts[i]!, 'm')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The picked points of the selected measurement, in the model's coordinates and unit. */
function PointCoordinates({ measurement, frame }: { measurement: Measurement; frame: ModelFrame }) {
  const { t } = useTranslation();
  return (
    <table
      className="mx-2 mb-1 text-[11px] text-gray-700 tabular-nums"
      data-measure-points
      data-unit={frame.unit}
    >
      <caption className="text-left text-gray-500">
        {t('viewer.measure.points', { unit: frame.unit })}
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t('viewer.measure.pointColumn')}</th>
          {AXES.map((axis) => (
            <th key={axis} scope="col">
              {axis.toUpperCase()}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {measurement.points.map((point, index) => {
          const coordinates = toModelCoordinates(point, frame);
          return (
            <tr key={index} data-measure-point={index + 1}>
              <th scope="row" className="pr-2 text-left font-normal text-gray-400">
                {t('viewer.measure.pointRow', { n: index + 1 })}
              </th>
              {coordinates.map((value, axis) => (
                <td key={axis} className="pr-2 text-right">
                  {/* The unit is in the caption: the bare number copies as a number. */}
                  {formatLength(value, frame.unit).replace(/ .*$/, '')}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A point measurement's X, Y and Z in the model's coordinates and unit. */
function PointValue({ point, frame }: { point: Vec3; frame: ModelFrame }) {
  const { t } = useTranslation();
  const coordinates = toModelCoordinates(point, frame);
  return (
    <dl
      className="grid grid-cols-3 gap-x-2 px-2 pb-1 text-[11px] text-gray-700 tabular-nums"
      aria-label={t('viewer.measure.coordinates', { unit: frame.unit })}
      data-measure-coordinates
      data-unit={frame.unit}
    >
      {AXES.map((axis, i) => (
        <div key={axis} className="flex gap-1">
          <dt className="text-gray-400">{axis.toUpperCase()}</dt>
          <dd data-measure-coordinate={axis}>{formatLength(coordinates[i]!, frame.unit)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** While a measure tool is on: what the snap marker's shapes mean. */
function SnapLegend({ active }: { active: MeasurementKind | null }) {
  const { t } = useTranslation();
  if (!active) return null;
  const marker = 'inline-block size-2 border-2 bg-white';
  return (
    <p className="flex flex-wrap items-center gap-x-2 px-2 pb-1 text-[11px] text-gray-500">
      <span>{t('viewer.measure.snapsTo')}</span>
      <span className="flex items-center gap-1">
        <span className={`${marker} border-orange-500`} aria-hidden />
        {t('viewer.measure.snapVertex')}
      </span>
      <span className="flex items-center gap-1">
        <span className={`${marker} rotate-45 border-green-600`} aria-hidden />
        {t('viewer.measure.snapEdge')}
      </span>
      <span className="flex items-center gap-1">
        <span className={`${marker} rounded-full border-blue-600`} aria-hidden />
        {t('viewer.measure.snapFace')}
      </span>
    </p>
  );
}

/**
 * The measurements taken, selectable and deletable (Delete does the same in the view): a
 * distance with its dx/dy/dz, the selected measurement with its points' coordinates.
 */
export function MeasurementList({
  viewer,
  measurements,
  selected,
  active = null,
}: {
  viewer: Viewer;
  measurements: Measurement[];
  selected: string | null;
  active?: MeasurementKind | null;
}) {
  const { t } = useTranslation();
  const frame = sceneFrame(viewer);
  const frameKey = frame ? JSON.stringify(frame) : '';
  // Point labels in the view read in the model's frame and unit, as this panel does.
  useEffect(() => {
    const current: ModelFrame | null = frameKey ? (JSON.parse(frameKey) as ModelFrame) : null;
    viewer.measure.setPointFormat(current ? (world) => pointLabel(world, current) : null);
  }, [viewer, frameKey]);
  if (!measurements.length) return null;
  return (
    <div
      className="pointer-events-auto w-64 rounded-xl border border-gray-200 bg-white/95 p-1 text-xs shadow-lg backdrop-blur"
      data-measure-panel
    >
      <p className="px-2 py-1 font-semibold text-gray-800">{t('viewer.measure.title')}</p>
      <SnapLegend active={active} />
      <ul>
        {measurements.map((m, index) => (
          <li key={m.id} data-measure-item={m.id}>
            <div
              className={`group flex items-center gap-2 rounded-lg px-2 py-1 ${m.id === selected ? 'bg-brand-50 text-brand-900' : 'text-gray-800 hover:bg-gray-50'}`}
            >
              <button
                type="button"
                className="flex min-w-0 flex-1 items-center gap-2 text-left"
                aria-expanded={m.id === selected}
                onClick={() => viewer.measure.select(m.id === selected ? null : m.id)}
              >
                <span className="text-gray-500">
                  {index + 1}. {t(`viewer.measure.${m.kind}`)}
                </span>
                {m.kind !== 'point' && (
                  <span className="ml-auto font-medium tabular-nums" data-measure-value>
                    {formatMeasurement(m)}
                  </span>
                )}
              </button>
              <button
                type="button"
                aria-label={t('viewer.measure.delete')}
                onClick={() => viewer.measure.remove(m.id)}
                className="rounded p-0.5 text-gray-400 hover:text-red-600"
              >
                <Trash2 className="size-3.5" />
              </button>
            </div>
            {frame && m.kind === 'distance' && <Components measurement={m} frame={frame} />}
            {frame && m.kind === 'point' && <PointValue point={m.points[0]!} frame={frame} />}
            {frame && m.id === selected && m.kind !== 'point' && (
              <PointCoordinates measurement={m} frame={frame} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
