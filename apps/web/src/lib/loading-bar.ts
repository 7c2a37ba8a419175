import { useEffect, useRef, useState } from 'react';

/** Spec §9 loading bar numbers. */
export const LOADING_BAR = {
  throttle: 200,
  duration: 2000,
  hideDelay: 500,
  resetDelay: 400,
  height: 3,
} as const;

const TICK_MS = 100;

/** Estimated progress that approaches 100 % without reaching it (arc tangent curve). */
export function estimatedProgress(
  elapsed: number,
  duration: number = LOADING_BAR.duration,
): number {
  return Math.min(99, (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50));
}

/**
 * Drives the top bar from a boolean: nothing shows for loads shorter than the throttle; then
 * progress grows over ~duration; when done it jumps to 100 %, hides after the hide delay and
 * resets after the reset delay.
 */
export function useLoadingBar(loading: boolean): { progress: number; visible: boolean } {
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const shown = useRef(false);

  useEffect(() => {
    if (!loading) return;
    let started = 0;
    let tick: ReturnType<typeof setInterval> | undefined;
    const throttle = setTimeout(() => {
      shown.current = true;
      started = Date.now();
      setVisible(true);
      setProgress(estimatedProgress(0));
      tick = setInterval(() => setProgress(estimatedProgress(Date.now() - started)), TICK_MS);
    }, LOADING_BAR.throttle);
    return () => {
      clearTimeout(throttle);
      if (tick) clearInterval(tick);
    };
  }, [loading]);

  useEffect(() => {
    if (loading || !shown.current) return;
    shown.current = false;
    const finish = setTimeout(() => setProgress(100), 0);
    const hide = setTimeout(() => setVisible(false), LOADING_BAR.hideDelay);
    const reset = setTimeout(() => setProgress(0), LOADING_BAR.hideDelay + LOADING_BAR.resetDelay);
    return () => {
      clearTimeout(finish);
      clearTimeout(hide);
      clearTimeout(reset);
    };
  }, [loading]);

  return { progress, visible };
}
