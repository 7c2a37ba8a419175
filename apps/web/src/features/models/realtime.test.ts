import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Model, ServerEvent } from '@truss/contracts';
import { applyServerEvent, type EventContext } from '../../events/server-events';
import { projectsKey } from '../projects';
import {
  dropModelFromLists,
  insertModel,
  modelKey,
  modelListKey,
  type ModelListFilter,
} from './api';
import { applyModelEvent } from './realtime';

const P1 = '00000000-0000-4000-8000-0000000000a1';
const M1 = '00000000-0000-4000-8000-0000000000b1';
const M2 = '00000000-0000-4000-8000-0000000000b2';

const model = (id: string, patch: Partial<Model> = {}): Model => ({
  id,
  project_id: P1,
  name: `model-${id.slice(-2)}.ifc`,
  size: 1000,
  format: 'ifc',
  creator: null,
  status: 'queued',
  progress: 0,
  stage: null,
  failure: null,
  thumbnail_url: null,
  viewable_url: null,
  metadata_url: null,
  original_url: `/api/models/${id}/original`,
  urn: `urn:truss:model:${id}`,
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
  deleted_at: null,
  current_version: { id, number: 1 },
  version_count: 1,
  ...patch,
});

const live: ModelListFilter = { trashed: false, sort: 'updated_at', order: 'desc', search: '' };
const byName: ModelListFilter = { ...live, sort: 'name', order: 'asc' };
const trash: ModelListFilter = { ...live, trashed: true };

const event = (type: ServerEvent['type'], data: Record<string, unknown>): ServerEvent => ({
  id: 'e',
  type,
  projectId: P1,
  data,
  at: '2026-11-22T00:00:00.000Z',
});

function setup() {
  const client = new QueryClient();
  client.setQueryData(modelListKey(P1, live), [model(M1), model(M2, { status: 'ready' })]);
  client.setQueryData(modelListKey(P1, byName), [model(M2, { status: 'ready' }), model(M1)]);
  client.setQueryData(modelListKey(P1, trash), []);
  client.setQueryData(modelKey(M1), model(M1));
  return client;
}

const inList = (client: QueryClient, filter: ModelListFilter, id: string) =>
  client.getQueryData<Model[]>(modelListKey(P1, filter))?.find((m) => m.id === id);
const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('model events -> the query cache', () => {
  it('model.progress writes stage and progress into every list and the detail, without a refetch', () => {
    const client = setup();
    applyModelEvent(event('model.progress', { modelId: M1, progress: 30, stage: 'parse' }), client);
    for (const filter of [live, byName]) {
      expect(inList(client, filter, M1)).toMatchObject({
        status: 'processing',
        progress: 30,
        stage: 'parse',
      });
      expect(stale(client, modelListKey(P1, filter))).toBe(false);
    }
    expect(client.getQueryData<Model>(modelKey(M1))).toMatchObject({ progress: 30 });
    expect(stale(client, modelKey(M1))).toBe(false);
  });

  it('progress only moves forward, and a late report never reopens a ready model', () => {
    const client = setup();
    applyModelEvent(
      event('model.progress', { modelId: M1, progress: 50, stage: 'geometry' }),
      client,
    );
    applyModelEvent(event('model.progress', { modelId: M1, progress: 40, stage: 'parse' }), client);
    expect(inList(client, live, M1)).toMatchObject({ progress: 50, stage: 'geometry' });
    applyModelEvent(event('model.progress', { modelId: M2, progress: 90, stage: 'write' }), client);
    expect(inList(client, live, M2)).toMatchObject({ status: 'ready' });
  });

  it('model.status sets the status at once, then refetches the lists and the model', () => {
    const client = setup();
    const failure = { code: 'NO_GEOMETRY', message: 'no meshes' };
    applyModelEvent(
      event('model.status', {
        modelId: M1,
        status: 'failed',
        progress: 45,
        stage: 'parse',
        failure,
      }),
      client,
    );
    expect(inList(client, live, M1)).toMatchObject({ status: 'failed', failure });
    expect(stale(client, modelListKey(P1, live))).toBe(true);
    expect(stale(client, modelListKey(P1, trash))).toBe(true);
    expect(stale(client, modelKey(M1))).toBe(true);
  });

  it('a late processing status does not undo ready; queued (a retried conversion) does', () => {
    const client = setup();
    const status = (s: string) =>
      event('model.status', { modelId: M2, status: s, progress: 0, stage: null, failure: null });
    applyModelEvent(status('processing'), client);
    expect(inList(client, live, M2)?.status).toBe('ready');
    applyModelEvent(status('queued'), client);
    expect(inList(client, live, M2)?.status).toBe('queued');
  });

  it('ignores malformed event data', () => {
    const client = setup();
    applyModelEvent(event('model.progress', { modelId: 'nope', progress: 'x' }), client);
    expect(inList(client, live, M1)?.status).toBe('queued');
  });

  it('the app event handler routes model events here and refreshes the project counts', () => {
    const client = setup();
    client.setQueryData(projectsKey, []);
    const ctx: EventContext = {
      client,
      myId: null,
      frameProjectId: P1,
      routeNamesFrameProject: false,
      onGone: () => undefined,
    };
    applyServerEvent(event('model.progress', { modelId: M1, progress: 12, stage: 'parse' }), ctx);
    expect(inList(client, live, M1)?.progress).toBe(12);
    expect(stale(client, projectsKey)).toBe(false);
    applyServerEvent(
      event('model.status', {
        modelId: M1,
        status: 'ready',
        progress: 100,
        stage: null,
        failure: null,
      }),
      ctx,
    );
    expect(inList(client, live, M1)?.status).toBe('ready');
    expect(stale(client, projectsKey)).toBe(true);
  });
});

describe('model cache helpers', () => {
  it('insertModel puts a new upload at the top of the live lists (not the trash), matching the search', () => {
    const client = setup();
    const searching: ModelListFilter = { ...live, search: 'duck' };
    client.setQueryData(modelListKey(P1, searching), []);
    const fresh = model('00000000-0000-4000-8000-0000000000b3', { name: 'House.ifc' });
    insertModel(client, fresh);
    expect(client.getQueryData<Model[]>(modelListKey(P1, live))?.[0]?.id).toBe(fresh.id);
    expect(client.getQueryData<Model[]>(modelListKey(P1, trash))).toEqual([]);
    expect(client.getQueryData<Model[]>(modelListKey(P1, searching))).toEqual([]);
    expect(client.getQueryData<Model>(modelKey(fresh.id))).toEqual(fresh);
  });

  it('insertModel replaces a model already listed instead of adding it twice', () => {
    const client = setup();
    insertModel(client, model(M1, { status: 'processing' }));
    const list = client.getQueryData<Model[]>(modelListKey(P1, live)) ?? [];
    expect(list.filter((m) => m.id === M1)).toHaveLength(1);
    expect(list.find((m) => m.id === M1)?.status).toBe('processing');
  });

  it('dropModelFromLists removes a model from every list', () => {
    const client = setup();
    dropModelFromLists(client, M1);
    expect(inList(client, live, M1)).toBeUndefined();
    expect(inList(client, byName, M1)).toBeUndefined();
  });
});
