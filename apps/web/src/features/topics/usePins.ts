import { useEffect, useMemo } from 'react';
import type { Topic } from '@truss/contracts';
import type { Viewer } from '../viewer/engine';
import { pinColor } from './labels';
import { pointFromModel, type ModelFrame } from './viewstate';

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
  const pins = useMemo(
    () =>
      frame
        ? topics
            .filter((topic) => topic.pin)
            .map((topic) => ({
              id: topic.id,
              point: pointFromModel(frame, topic.pin!.position),
              color: pinColor(topic),
            }))
        : [],
    [topics, frame],
  );
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
