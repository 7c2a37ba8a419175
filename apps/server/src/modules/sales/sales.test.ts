import type { DevMail, ErrorBody, SalesContactResult } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const SALES = 'sales-team@truss.test';
const request = {
  name: '王伟',
  email: 'wang.wei@example.cn',
  company: '上海建筑设计研究院',
  phone: '+86 138 0000 0000',
  message: '200 seats, SSO with our directory, an on-premises option.',
};

describe('POST /api/sales/contact', () => {
  let server: TestServer;
  let unconfigured: TestServer;
  beforeAll(async () => {
    [server, unconfigured] = await Promise.all([
      startTestServer({
        mail: 'outbox',
        config: { payments: { wechat: null, alipay: null, sandbox: false, salesEmail: SALES } },
      }),
      startTestServer({ mail: 'outbox' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), unconfigured?.close()]);
  });

  const stored = (s: TestServer, id: string) =>
    s.db.selectFrom('sales_contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('records the request and mails it to SALES_EMAIL', async () => {
    const user = await server.createUser();
    const res = await server.api<SalesContactResult>('POST', '/api/sales/contact', {
      token: user.token,
      body: request,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.status).toBe(200);
    const row = await stored(server, res.body.id);
    expect(row).toMatchObject({ ...request, user_id: user.user.id, locale: 'zh-CN' });
    expect(row.mailed_at).not.toBeNull();
    const mails = (
      await server.api<DevMail[]>('GET', `/api/dev/mail?to=${encodeURIComponent(SALES)}`)
    ).body;
    expect(mails).toHaveLength(1);
    // The company is in the body, never in the subject (no user text in subjects).
    expect(mails[0]?.subject).not.toContain('上海建筑设计研究院');
    expect(mails[0]?.text).toContain('上海建筑设计研究院');
    expect(mails[0]?.text).toContain(request.message);
    expect(mails[0]?.text).toContain(`Signed-in account: ${user.user.email}`);
  });

  it('refuses the signed-out (401) and bad input (400, in the caller’s language) and stores nothing', async () => {
    const before = await server.db
      .selectFrom('sales_contacts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const anonymous = await server.api<ErrorBody>('POST', '/api/sales/contact', { body: request });
    expect(anonymous.status).toBe(401);
    const user = await server.createUser();
    const bad = await server.api<ErrorBody>('POST', '/api/sales/contact', {
      token: user.token,
      body: { ...request, company: '  ' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(bad.body.statusMessage).toBe('请输入您的公司或机构名称');
    const after = await server.db
      .selectFrom('sales_contacts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('without SALES_EMAIL the request is recorded but not mailed', async () => {
    const user = await unconfigured.createUser();
    const res = await unconfigured.api<SalesContactResult>('POST', '/api/sales/contact', {
      token: user.token,
      body: { name: 'Ann', email: 'ann@example.com', company: 'Acme' },
    });
    expect(res.status).toBe(200);
    expect(await stored(unconfigured, res.body.id)).toMatchObject({
      company: 'Acme',
      phone: null,
      message: null,
      mailed_at: null,
    });
  });
});
