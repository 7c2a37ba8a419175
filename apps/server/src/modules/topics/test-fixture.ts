import type { Topic, ViewpointInput } from '@truss/contracts';
import type { TestServer } from '../../testing/test-server.ts';

/** A 1x1 transparent PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function viewpoint(extra: Partial<ViewpointInput> = {}): ViewpointInput {
  return {
    camera: {
      type: 'perspective',
      position: { x: 10, y: 5, z: 3 },
      direction: { x: -1, y: 0, z: 0 },
      up: { x: 0, y: 0, z: 1 },
      fieldOfView: 60,
      aspectRatio: 1.5,
    },
    clippingPlanes: [{ location: { x: 0, y: 0, z: 1 }, direction: { x: 0, y: 0, z: -1 } }],
    lines: [],
    bitmaps: [],
    selection: [{ ifcGuid: '1hOSvn6df7F8_7GcBWlRGQ' }],
    visibility: { defaultVisibility: true, exceptions: [] },
    coloring: [{ color: 'FF00FF00', components: [{ ifcGuid: '1hOSvn6df7F8_7GcBWlRGQ' }] }],
    snapshotBase64: PNG_1PX.toString('base64'),
    ...extra,
  };
}

export async function createIssue(
  server: TestServer,
  token: string,
  projectId: string,
  body: Record<string, unknown> = {},
): Promise<Topic> {
  const res = await server.api<Topic>('POST', `/api/project/${projectId}/topics`, {
    token,
    body: { kind: 'issue', title: 'Door clashes with duct', ...body },
  });
  if (res.status !== 201) throw new Error(`create topic failed: ${res.status} ${res.text}`);
  return res.body;
}
