/**
 * The public faces of the navigation, measure and pins parts (api.ts): each forwards to its
 * implementation without exposing its internals (dispose, tool handlers, state).
 */
import type { MeasureApi, NavigationApi, PinsApi } from '../api.ts';
import type { MeasureExtension } from '../extensions/measure/index.ts';
import type { PinsExtension } from '../extensions/pins/index.ts';
import type { ViewCube } from '../extensions/viewcube.ts';
import type { Navigation } from '../navigation/navigation.ts';

export function navigationApi(
  nav: Navigation,
  viewCube: ViewCube,
  requestRender: () => void,
): NavigationApi {
  return {
    setViewInsets: (insets) => nav.setViewInsets(insets),
    getViewInsets: () => nav.getViewInsets(),
    fitAll: (animate) => nav.fitAll(animate),
    fitElements: (ids, animate) => nav.fitElements(ids, animate),
    setStandardView: (view, animate) => nav.setStandardView(view, animate),
    setProjection: (mode) => nav.setProjection(mode),
    getProjection: () => nav.getProjection(),
    setMode: (mode) => nav.setMode(mode),
    getMode: () => nav.getMode(),
    setViewCubeVisible: (visible) => viewCube.setVisible(visible),
    setViewCubeLabels: (labels) => {
      viewCube.setLabels(labels);
      requestRender();
    },
  };
}

export function measureApi(measure: MeasureExtension): MeasureApi {
  return {
    start: (kind) => measure.start(kind),
    cancel: () => measure.cancel(),
    add: (kind, points) => measure.add(kind, points),
    list: () => measure.list(),
    select: (id) => measure.select(id),
    remove: (id) => measure.remove(id),
    clear: () => measure.clear(),
    setSnapPixels: (px) => measure.setSnapPixels(px),
  };
}

export function pinsApi(pins: PinsExtension): PinsApi {
  return {
    set: (list) => pins.set(list),
    list: () => pins.list(),
    highlight: (id) => pins.highlight(id),
    setVisible: (visible) => pins.setVisible(visible),
    setOccluded: (mode) => pins.setOccluded(mode),
    setClusterPixels: (px) => pins.setClusterPixels(px),
    startPlacing: () => pins.startPlacing(),
    goTo: (viewpoint, goOptions) => pins.goTo(viewpoint, goOptions),
    capture: (captureOptions) => pins.capture(captureOptions),
  };
}
