import type { Sheet } from '@truss/contracts';

/** Two significant digits: a scale to read, not to compute with. */
const round2 = (value: number) => Number(value.toPrecision(2));

/**
 * What the sheet toolbar's zoom button says. Paper (PDF pages, layouts): a percentage of the
 * paper's size with at most three digits ("8 %", "75 %", "800 %"). Model space and storey plans
 * are drawn in real units, where a percentage of "paper" reads as "0.0067 %": a scale instead,
 * "1:15,000" (or "2:1" closer than full size), as a drawing states its scale.
 */
export function zoomLabel(
  zoom: number,
  kind: Sheet['kind'],
  locale: string,
): { kind: 'percent' | 'scale'; text: string } {
  const format = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 2 });
  if (kind === 'model-space' || kind === 'storey-plan') {
    if (!(zoom > 0)) return { kind: 'scale', text: '–' };
    const text =
      zoom >= 100 ? `${format(round2(zoom / 100))}:1` : `1:${format(round2(100 / zoom))}`;
    return { kind: 'scale', text };
  }
  const value = zoom >= 10 ? Math.round(zoom) : round2(zoom);
  return { kind: 'percent', text: format(value) };
}
