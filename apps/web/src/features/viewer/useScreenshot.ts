import { useCallback, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../shared/lib/download';
import { toast } from '../../lib/toast';
import type { ScreenshotSize } from './components/ViewerToolbar';
import type { Viewer } from './engine';

/** The engine's screenshot size for a choice: the view's own (full pixel ratio), 2x, or fixed. */
function screenshotOptions(size: ScreenshotSize, host: HTMLElement | null) {
  if (size === 'view' || !host) return {};
  if (size === '2x') return { width: host.clientWidth * 2, height: host.clientHeight * 2 };
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/** Saves a screenshot of the view in the chosen size; a failure is told in a toast. */
export function useScreenshot(
  viewer: Viewer | null,
  hostRef: RefObject<HTMLElement | null>,
  screenshotName: () => string,
) {
  const { t } = useTranslation();
  return useCallback(
    (size: ScreenshotSize) => {
      if (!viewer) return;
      viewer
        .screenshot(screenshotOptions(size, hostRef.current))
        .then((blob) => saveBlob(blob, screenshotName()))
        .catch((error: unknown) => {
          console.error('[viewer] screenshot failed', error);
          toast.error(t('viewer.screenshotFailed'));
        });
    },
    [viewer, hostRef, screenshotName, t],
  );
}
