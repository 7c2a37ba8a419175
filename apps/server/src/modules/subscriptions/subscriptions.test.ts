import { randomUUID } from 'node:crypto';
import {
  offeredFeatureKeys,
  planListSchema,
  userSubscriptionSchema,
  type Plan,
} from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { PLANS } from './plans.config.ts';

describe('plans and subscription', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
  });
  afterAll(() => server?.close());

  it('GET /api/subscription/plans is public and lists free, pro, enterprise in CNY', async () => {
    const res = await server.api<Plan[]>('GET', '/api/subscription/plans');
    expect(res.status).toBe(200);
    expect(planListSchema.parse(res.body)).toEqual(PLANS);
    expect(res.body.map((plan) => plan.id)).toEqual(['free', 'pro', 'enterprise']);
    for (const plan of res.body) expect(plan.currency).toBe('CNY');
    const enterprise = res.body.find((plan) => plan.id === 'enterprise')!;
    expect(enterprise).toMatchObject({ periods: ['yearly'], contact_sales: true });
    expect(enterprise.limits.projects).toBeNull();
    expect(res.body.find((plan) => plan.id === 'free')!.limits).toEqual({
      projects: 3,
      members_per_project: 5,
      models_per_project: 10,
      storage_gb: 1,
    });
  });

  it('GET /api/user/subscription needs a token', async () => {
    const res = await server.api('GET', '/api/user/subscription');
    expect(res.status).toBe(401);
  });

  it('a new user is on the free plan with real usage', async () => {
    const user = await server.createUser();
    const res = await server.api('GET', '/api/user/subscription', { token: user.token });
    expect(res.status).toBe(200);
    const subscription = userSubscriptionSchema.parse(res.body);
    expect(subscription.plan.id).toBe('free');
    expect(subscription.plan.features.sso).toBe(false);
    expect(subscription.status).toBe('active');
    expect(subscription.limits).toEqual({
      projects: { current: 1, limit: 3, exceeded: false },
      members_per_project: { current: 1, limit: 5, exceeded: false },
      models_per_project: { current: 0, limit: 10, exceeded: false },
      storage: { current: 0, limit: 1024 ** 3, exceeded: false },
    });
  });

  it('usage follows the tables: owned projects, members, models and bytes', async () => {
    const user = await server.createUser();
    const project = await server.db
      .selectFrom('projects')
      .select('id')
      .where('owner_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('projects')
      .values([
        { name: 'B', owner_id: user.user.id, metadata: '{}' },
        { name: 'C', owner_id: user.user.id, metadata: '{}' },
      ])
      .execute();
    const models = await server.db
      .insertInto('models')
      .values([
        { project_id: project.id, name: 'a', size_bytes: 3_000_000_000 },
        { project_id: project.id, name: 'b', size_bytes: 5, deleted_at: new Date() },
      ])
      .returning('id')
      .execute();
    // Storage counts every version (model a has two; b is in the trash and still counts).
    const now = new Date();
    const version = { created_at: now, updated_at: now, original_filename: 'x.ifc' };
    await server.db
      .insertInto('model_versions')
      .values([
        {
          ...version,
          id: models[0]!.id,
          model_id: models[0]!.id,
          number: 1,
          size_bytes: 2_000_000_000,
        },
        {
          ...version,
          id: randomUUID(),
          model_id: models[0]!.id,
          number: 2,
          size_bytes: 1_000_000_000,
        },
        { ...version, id: models[1]!.id, model_id: models[1]!.id, number: 1, size_bytes: 5 },
      ])
      .execute();
    const res = await server.api('GET', '/api/user/subscription', { token: user.token });
    const { limits } = userSubscriptionSchema.parse(res.body);
    expect(limits.projects).toEqual({ current: 3, limit: 3, exceeded: true });
    expect(limits.models_per_project).toEqual({ current: 1, limit: 10, exceeded: false });
    expect(limits.storage).toEqual({ current: 3_000_000_005, limit: 1024 ** 3, exceeded: true });
  });

  it('advertises only features that exist (issue 17 item 15)', async () => {
    const res = await server.api<Plan[]>('GET', '/api/subscription/plans');
    for (const plan of res.body) {
      // Truss has no template library, no advanced analytics and no organisation SSO.
      expect(plan.features).toMatchObject({
        template_library: false,
        advanced_analytics: false,
        sso: false,
      });
    }
    expect(offeredFeatureKeys(res.body)).toEqual(['priority_support', 'dedicated_account_manager']);
  });
});
