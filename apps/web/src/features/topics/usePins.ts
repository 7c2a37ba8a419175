import { useEffect, useMemo } from 'react';
import type { Topic } from '@truss/contracts';
import type { Vec3, Viewer } from '../viewer/engine';
import { pinColor } from './labels';
import { focusElements, pointFromModel, type ModelFrame } from './viewstate';

/** Where a topic's pin goes: its own point, else the centre of the elements its view is about. */
function pinPoint(viewer: Viewer, frame: ModelFrame, topic: Topic): Vec3 | null {
  if (topic.pin) return pointFromModel(frame, topic.pin.position);
  const ids = focusElements(frame, topic.viewpoints[0]);
  const box = ids.length ? viewer.boxOf(ids) : null;
  if (!box) return null;
  const [min, max] = box;
  return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
}

/**
 * Keeps the engine's pins in step with the listed topics (colour by status, the open topic
 * highlighted) and reports pin clicks: one topic opens, a cluster only zooms (the engine does).
 */
export function usePins(
  viewer: Viewer | null,
  frame: ModelFrame | null,
  topics: readonly Topic[],
  openId: string | null,
  onOpen: (id: string) => void,
): void {
  const pins = useMemo(() => {
    if (!frame || !viewer) return [];
    return topics.flatMap((topic) => {
      const point = pinPoint(viewer, frame, topic);
      if (!point) return [];
      return [{ id: topic.id, point, color: pinColor(topic), elementId: topic.pin?.elementId }];
    });
  }, [topics, frame, viewer]);
  useEffect(() => {
    viewer?.pins.set(pins);
  }, [viewer, pins]);
  useEffect(() => {
    viewer?.pins.highlight(openId);
  }, [viewer, openId]);
  useEffect(() => {
    if (!viewer) return;
    return viewer.on('pin-click', ({ ids }) => {
      if (ids.length === 1) onOpen(ids[0]!);
    });
  }, [viewer, onOpen]);
  useEffect(() => () => viewer?.pins.set([]), [viewer]);
}
