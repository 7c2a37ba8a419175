import type { FastifyPluginAsync } from 'fastify';
import type { PaymentProviderName } from '../../db/schema.ts';
import type { OrderSettlement } from './settlement.ts';

/**
 * The providers' asynchronous notifications. Bodies are kept as raw text (the signatures cover
 * the exact bytes), and each provider is answered in its own format: WeChat Pay wants 204 or a
 * 4xx with `{code: "FAIL"}`, Alipay the text `success` (anything else makes it retry).
 */
export const notifyRoutes: FastifyPluginAsync<{ settlement: OrderSettlement }> = async (
  app,
  { settlement },
) => {
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const rawBody = (body: unknown) => (typeof body === 'string' ? body : '');
  const schema = (provider: PaymentProviderName) => ({
    tags: ['payments'],
    summary: `${provider === 'wechat' ? 'WeChat Pay' : 'Alipay'} payment notification`,
    hide: false,
  });

  app.post('/api/payments/wechat/notify', { schema: schema('wechat') }, async (request, reply) => {
    const result = await settlement.handleCallback('wechat', {
      headers: request.headers,
      rawBody: rawBody(request.body),
    });
    if (result.outcome !== 'rejected') return reply.code(204).send();
    const status = result.reason === 'bad_signature' || result.reason === 'unsigned' ? 401 : 400;
    return reply.code(status).send({ code: 'FAIL', message: result.reason ?? 'refused' });
  });

  app.post('/api/payments/alipay/notify', { schema: schema('alipay') }, async (request, reply) => {
    const result = await settlement.handleCallback('alipay', {
      headers: request.headers,
      rawBody: rawBody(request.body),
    });
    return reply
      .code(200)
      .type('text/plain; charset=utf-8')
      .send(result.outcome === 'rejected' ? 'fail' : 'success');
  });
};
