import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewerTool } from '../engine';
import type { ViewerSnapshot } from '../useViewerSnapshot';

const TOOL_LABELS = {
  select: 'viewer.actions.select',
  'box-select': 'viewer.actions.boxSelect',
  'section-plane': 'viewer.actions.sectionPlane',
  'section-box': 'viewer.actions.sectionBox',
  'pin-place': 'viewer.actions.placePin',
  'measure-point': 'viewer.measure.point',
  'measure-distance': 'viewer.measure.distance',
  'measure-angle': 'viewer.measure.angle',
  'measure-area': 'viewer.measure.area',
} as const satisfies Record<ViewerTool, string>;

type ToggleLabel = 'viewer.actions.orthographic' | 'viewer.actions.walk' | 'viewer.actions.xray';

/**
 * A polite live region that tells screen readers what the last action changed in the viewer:
 * the tool, the selection, the projection, walk mode and X-ray (the toolbar's buttons carry
 * aria-pressed, but a shortcut or a click in the view changes them without focus going there).
 */
export function ViewerAnnouncer({ snapshot }: { snapshot: ViewerSnapshot }) {
  const { t } = useTranslation();
  const [previous, setPrevious] = useState(snapshot);
  const [message, setMessage] = useState('');
  if (previous !== snapshot) {
    // React's "state from the previous render" pattern: compare, then remember.
    setPrevious(snapshot);
    const toggled = (on: boolean, label: ToggleLabel) =>
      t(on ? 'viewer.announce.on' : 'viewer.announce.off', { name: t(label) });
    if (previous.tool !== snapshot.tool) {
      setMessage(t('viewer.announce.tool', { tool: t(TOOL_LABELS[snapshot.tool]) }));
    } else if (!sameIds(previous.selection, snapshot.selection)) {
      const count = snapshot.selection.length;
      if (count !== previous.selection.length || count > 0) {
        setMessage(count ? t('viewer.announce.selected', { count }) : t('viewer.announce.cleared'));
      }
    } else if (previous.projection !== snapshot.projection) {
      setMessage(toggled(snapshot.projection === 'orthographic', 'viewer.actions.orthographic'));
    } else if (previous.walking !== snapshot.walking) {
      setMessage(toggled(snapshot.walking, 'viewer.actions.walk'));
    } else if (previous.xray !== snapshot.xray) {
      setMessage(toggled(snapshot.xray, 'viewer.actions.xray'));
    }
  }
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {message}
    </div>
  );
}

/** Whether two selections hold the same ids (a snapshot may carry a new array of the same). */
function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
}
