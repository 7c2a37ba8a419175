import type { Camera, Component, ViewState, Vector3 } from '@truss/contracts';
import type { BcfVersion } from './model.ts';
import { bool, node, nodes, num, text, type XmlNode } from './xml.ts';

/** Reads and writes visinfo (`.bcfv`) files: camera, components, clipping planes, lines, bitmaps. */

function vector(value: unknown): Vector3 {
  const n = node(value) ?? {};
  return { x: num(n.X) ?? 0, y: num(n.Y) ?? 0, z: num(n.Z) ?? 0 };
}

function component(n: XmlNode): Component {
  const result: Component = {};
  const guid = text(n['@IfcGuid']);
  if (guid) result.ifcGuid = guid;
  const system = text(n.OriginatingSystem);
  if (system) result.originatingSystem = system;
  const toolId = text(n.AuthoringToolId);
  if (toolId) result.authoringToolId = toolId;
  return result;
}

function components(value: unknown): Component[] {
  return nodes(node(value)?.Component).map(component);
}

function camera(root: XmlNode): Camera | null {
  const ortho = node(root.OrthogonalCamera);
  const persp = node(root.PerspectiveCamera);
  const source = ortho ?? persp;
  if (!source) return null;
  const result: Camera = {
    type: ortho ? 'orthographic' : 'perspective',
    position: vector(source.CameraViewPoint),
    direction: vector(source.CameraDirection),
    up: vector(source.CameraUpVector),
  };
  const scale = num(source.ViewToWorldScale);
  if (ortho && scale !== undefined) result.viewToWorldScale = scale;
  const fov = num(source.FieldOfView);
  if (!ortho && fov !== undefined) result.fieldOfView = fov;
  const aspect = num(source.AspectRatio);
  if (aspect !== undefined && aspect > 0) result.aspectRatio = aspect;
  return result;
}

export function readVisinfo(
  root: XmlNode,
  version: BcfVersion,
): { guid?: string; view: ViewState } {
  const info = node(root.VisualizationInfo) ?? {};
  const comps = node(info.Components);
  const view: ViewState = {
    camera: camera(info),
    clippingPlanes: nodes(node(info.ClippingPlanes)?.ClippingPlane).map((plane) => ({
      location: vector(plane.Location),
      direction: vector(plane.Direction),
    })),
    lines: nodes(node(info.Lines)?.Line).map((line) => ({
      start: vector(line.StartPoint),
      end: vector(line.EndPoint),
    })),
    bitmaps: nodes(version === '3.0' ? node(info.Bitmaps)?.Bitmap : info.Bitmap).map((bitmap) => ({
      format:
        (text(bitmap.Format ?? bitmap.Bitmap) ?? 'png').toLowerCase() === 'jpg' ? 'jpg' : 'png',
      reference: text(bitmap.Reference) ?? '',
      location: vector(bitmap.Location),
      normal: vector(bitmap.Normal),
      up: vector(bitmap.Up),
      height: num(bitmap.Height) ?? 0,
    })),
    selection: [],
    visibility: { defaultVisibility: true, exceptions: [] },
    coloring: [],
  };
  if (comps && version === '2.0' && comps.Component) {
    // BCF 2.0: one list with Selected / Visible / Color attributes per component.
    const all = nodes(comps.Component);
    view.selection = all.filter((c) => bool(c['@Selected'])).map(component);
    view.visibility.exceptions = all.filter((c) => bool(c['@Visible']) === false).map(component);
    const colours = new Map<string, Component[]>();
    for (const c of all) {
      const colour = text(c['@Color']);
      if (colour) colours.set(colour, [...(colours.get(colour) ?? []), component(c)]);
    }
    view.coloring = [...colours].map(([color, list]) => ({ color, components: list }));
  } else if (comps) {
    view.selection = components(comps.Selection);
    const visibility = node(comps.Visibility);
    if (visibility) {
      // 3.0: Visibility > ViewSetupHints; 2.1: Components > ViewSetupHints
      const hints = node(visibility.ViewSetupHints) ?? node(comps.ViewSetupHints);
      view.visibility = {
        defaultVisibility: bool(visibility['@DefaultVisibility']) ?? false,
        exceptions: components(visibility.Exceptions),
        ...(hints
          ? {
              spacesVisible: bool(hints['@SpacesVisible']) ?? false,
              spaceBoundariesVisible: bool(hints['@SpaceBoundariesVisible']) ?? false,
              openingsVisible: bool(hints['@OpeningsVisible']) ?? false,
            }
          : {}),
      };
    }
    view.coloring = nodes(node(comps.Coloring)?.Color).map((colour) => ({
      color: text(colour['@Color']) ?? 'FF000000',
      // 3.0: Color > Components > Component; 2.1: Color > Component
      components: colour.Components ? components(colour.Components) : components(colour),
    }));
  }
  return { guid: text(info['@Guid']), view };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const xyz = (v: Vector3) => ({ X: v.x, Y: v.y, Z: v.z });

function componentNode(c: Component): XmlNode {
  return {
    ...(c.ifcGuid ? { '@IfcGuid': c.ifcGuid } : {}),
    ...(c.originatingSystem ? { OriginatingSystem: c.originatingSystem } : {}),
    ...(c.authoringToolId ? { AuthoringToolId: c.authoringToolId } : {}),
  };
}

/** A camera 3.0 requires when the view has none: looking down at the origin. */
const FALLBACK_CAMERA: Camera = {
  type: 'perspective',
  position: { x: 0, y: 0, z: 10 },
  direction: { x: 0, y: 0, z: -1 },
  up: { x: 0, y: 1, z: 0 },
  fieldOfView: 60,
  aspectRatio: 1,
};

export function writeVisinfo(guid: string, view: ViewState, version: '2.1' | '3.0'): XmlNode {
  const v3 = version === '3.0';
  const info: XmlNode = { '@Guid': guid };
  const vis = view.visibility;
  const hasHints =
    vis.spacesVisible !== undefined ||
    vis.spaceBoundariesVisible !== undefined ||
    vis.openingsVisible !== undefined;
  const hints = hasHints
    ? {
        '@SpacesVisible': String(vis.spacesVisible ?? false),
        '@SpaceBoundariesVisible': String(vis.spaceBoundariesVisible ?? false),
        '@OpeningsVisible': String(vis.openingsVisible ?? false),
      }
    : undefined;
  const list = (items: Component[]) => ({ Component: items.map(componentNode) });
  info.Components = {
    ...(hints && !v3 ? { ViewSetupHints: hints } : {}),
    ...(view.selection.length ? { Selection: list(view.selection) } : {}),
    Visibility: {
      '@DefaultVisibility': String(vis.defaultVisibility),
      ...(hints && v3 ? { ViewSetupHints: hints } : {}),
      ...(vis.exceptions.length ? { Exceptions: list(vis.exceptions) } : {}),
    },
    ...(view.coloring.length
      ? {
          Coloring: {
            Color: view.coloring.map((colour) => ({
              '@Color': colour.color,
              ...(v3 ? { Components: list(colour.components) } : list(colour.components)),
            })),
          },
        }
      : {}),
  };
  const cam = view.camera ?? (v3 ? FALLBACK_CAMERA : null);
  if (cam) {
    const body: XmlNode = {
      CameraViewPoint: xyz(cam.position),
      CameraDirection: xyz(cam.direction),
      CameraUpVector: xyz(cam.up),
    };
    if (cam.type === 'orthographic') body.ViewToWorldScale = cam.viewToWorldScale ?? 1;
    // BCF 2.1 only allows 45..60 degrees: its export clamps (3.0 keeps any angle)
    else body.FieldOfView = v3 ? (cam.fieldOfView ?? 60) : clamp(cam.fieldOfView ?? 60, 45, 60);
    if (v3) body.AspectRatio = cam.aspectRatio ?? 1;
    info[cam.type === 'orthographic' ? 'OrthogonalCamera' : 'PerspectiveCamera'] = body;
  }
  if (view.lines.length) {
    info.Lines = {
      Line: view.lines.map((l) => ({ StartPoint: xyz(l.start), EndPoint: xyz(l.end) })),
    };
  }
  if (view.clippingPlanes.length) {
    info.ClippingPlanes = {
      ClippingPlane: view.clippingPlanes.map((p) => ({
        Location: xyz(p.location),
        Direction: xyz(p.direction),
      })),
    };
  }
  const bitmaps = view.bitmaps.map((b) => ({
    [v3 ? 'Format' : 'Bitmap']: v3 ? b.format : b.format.toUpperCase(),
    Reference: b.reference,
    Location: xyz(b.location),
    Normal: xyz(b.normal),
    Up: xyz(b.up),
    Height: b.height,
  }));
  if (bitmaps.length) {
    if (v3) info.Bitmaps = { Bitmap: bitmaps };
    else info.Bitmap = bitmaps;
  }
  return { VisualizationInfo: info };
}
