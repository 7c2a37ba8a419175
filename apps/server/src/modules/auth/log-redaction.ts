/** Query parameters that carry secrets or personal data in our links (reset, magic code, OAuth). */
const SECRET_PARAMS = new Set(['token', 'code', 'email', 'state']);

/**
 * A URL with the values of secret query parameters replaced, for logs: the reset link
 * (/reset-password?token=…), the magic link (/magic-code?email=…&code=…) and invitation links
 * are GET page loads, and the request log would otherwise keep live tokens.
 */
export function redactUrl(url: string): string {
  const index = url.indexOf('?');
  if (index < 0) return url;
  const params = new URLSearchParams(url.slice(index + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      params.set(key, 'REDACTED');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, index)}?${params.toString()}` : url;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** pino `req` serializer: Fastify's fields, with the URL redacted. */
export function requestLogSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
