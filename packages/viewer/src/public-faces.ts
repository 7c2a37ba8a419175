/**
 * The public faces of the built-in parts (api.ts): plain objects whose methods forward to the
 * part, bound to it (a host may pass `viewer.selection.get` around), without its internals
 * (dispose, tool handlers, state).
 */
import type { NavigationApi } from './api.ts';
import type { Navigation } from './navigation/navigation.ts';
import type { ViewCube } from './navigation/view-cube.ts';

/**
 * The members of `Api` that `part` has, bound to it. `members` names every one of them (the
 * compiler refuses a list that leaves one out), so nothing else of the part shows through.
 */
export function publicFace<Api extends object>(part: Api, members: Record<keyof Api, true>): Api {
  const face: Partial<Api> = {};
  for (const key of Object.keys(members) as Array<keyof Api>) {
    const member = part[key];
    face[key] = typeof member === 'function' ? member.bind(part) : member;
  }
  return face as Api;
}

/** Navigation and the view cube, which the public interface hands out as one. */
export function navigationFace(
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
