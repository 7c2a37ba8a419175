import { useCallback, useEffect, useState } from 'react';
import { isSheetPin, type Topic } from '@truss/contracts';
import { shapeBounds } from '@truss/viewable';
import { sheetFocus, type SheetBounds } from '../../viewer';
import { pinColor } from '../labels';
import { markupStore } from './markup-store';

/**
 * Where a topic is on a sheet, for its Show view: the sheet and the box of its pin and of its
 * markup there (sheet units, y up); null for a topic on the 3D model. A text's box is its corner
 * and the height of its lines.
 */
export function topicSheetPlace(
  topic: Pick<Topic, 'pin' | 'markup' | 'sheet_id'>,
): { sheetId: string; bounds: SheetBounds } | null {
  const sheetId = topic.sheet_id;
  if (!sheetId) return null;
  const xs: number[] = [];
  const ys: number[] = [];
  if (isSheetPin(topic.pin) && topic.pin.sheetId === sheetId) {
    xs.push(topic.pin.x);
    ys.push(topic.pin.y);
  }
  if (topic.markup?.sheet_id === sheetId) {
    for (const shape of topic.markup.shapes) {
      const [x0, y0, x1, y1] = shapeBounds(shape);
      // Text hangs below its corner (y up: towards smaller y), a line per row.
      const drop = shape.type === 'text' ? shape.size * 1.2 * shape.text.split('\n').length : 0;
      xs.push(x0, x1);
      ys.push(y0 - drop, y1);
    }
  }
  if (xs.length === 0) return null;
  return { sheetId, bounds: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
}

type Placed = Pick<Topic, 'pin' | 'markup' | 'sheet_id'>;

/**
 * Show view for topics on a drawing's sheets: asks the workspace for the topic's sheet, zoomed
 * to its place. The topic named in the URL is shown once the list has it.
 */
export function useShowOnSheet(
  topics: readonly (Placed & Pick<Topic, 'id'>)[],
  openTopicId: string | null | undefined,
): (topic: Placed) => void {
  const show = useCallback((topic: Placed) => {
    const place = topicSheetPlace(topic);
    if (place) sheetFocus.request(place.sheetId, place.bounds);
  }, []);
  const [shownFromUrl, setShownFromUrl] = useState(false);
  useEffect(() => {
    if (shownFromUrl || !openTopicId) return;
    const topic = topics.find((x) => x.id === openTopicId);
    if (!topic) return;
    setShownFromUrl(true);
    show(topic);
  }, [shownFromUrl, openTopicId, topics, show]);
  return show;
}

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** The topics pinned on sheets, as the sheet view marks them (through the markup store). */
export function useSheetPinMarkers(topics: readonly Topic[]): void {
  useEffect(() => {
    markupStore.set({
      pins: topics.flatMap((topic) =>
        isSheetPin(topic.pin)
          ? [
              {
                topicId: topic.id,
                number: topic.number,
                sheetId: topic.pin.sheetId,
                x: topic.pin.x,
                y: topic.pin.y,
                color: hex(pinColor(topic)),
              },
            ]
          : [],
      ),
    });
  }, [topics]);
  useEffect(() => () => markupStore.set({ pins: [], pinning: false, sheetPin: null }), []);
}
