import { describe, expect, it } from 'vitest';
import { redactUrl, requestLogSerializer } from './log-redaction.ts';

describe('request log redaction', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=REDACTED'],
    ['/magic-code?email=a%40b.co&code=123456', '/magic-code?email=REDACTED&code=REDACTED'],
    [
      '/callback?code=xyz&state=s1&iss=https%3A%2F%2Fidp',
      '/callback?code=REDACTED&state=REDACTED&iss=https%3A%2F%2Fidp',
    ],
    ['/invite?token=t', '/invite?token=REDACTED'],
    ['/api/project?page=2', '/api/project?page=2'],
    ['/settings/profile', '/settings/profile'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('keeps the fields Fastify logs', () => {
    expect(
      requestLogSerializer({
        method: 'GET',
        url: '/reset-password?token=secret',
        host: 'truss.test',
        ip: '10.0.0.1',
        socket: { remotePort: 4242 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/reset-password?token=REDACTED',
      host: 'truss.test',
      remoteAddress: '10.0.0.1',
      remotePort: 4242,
    });
  });
});
