import { useEffect, useMemo } from 'react';
import type { Topic } from '@truss/contracts';
import type { Vec3, Viewer } from '../viewer';
import { pinColor } from './labels';
import { pinTarget, type ModelResolver } from './viewstate';

/** Where a topic's pin goes: its own point, else the centre of the elements its view is about. */
function enginePin(
  viewer: Viewer,
  resolver: ModelResolver,
  topic: Topic,
): { point: Vec3; elementId?: number | null } | null {
  const target = pinTarget(resolver, topic);
  if (!target) return null;
  if ('point' in target) return target;
  const box = viewer.boxOf(target.elements);
  if (!box) return null;
  const [min, max] = box;
  return { point: [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2] };
}

/**
 * Keeps the engine's pins in step with the listed topics (colour by status, the open topic
 * highlighted) and reports pin clicks: one topic opens, a cluster only zooms (the engine does).
 */
export function usePins(
  viewer: Viewer | null,
  resolver: ModelResolver | null,
  topics: readonly Topic[],
  openId: string | null,
  onOpen: (id: string) => void,
): void {
  const pins = useMemo(() => {
    if (!resolver || !viewer) return [];
    return topics.flatMap((topic) => {
      const pin = enginePin(viewer, resolver, topic);
      if (!pin) return [];
      return [{ id: topic.id, point: pin.point, color: pinColor(topic), elementId: pin.elementId }];
    });
  }, [topics, resolver, viewer]);
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
