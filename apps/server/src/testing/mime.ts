/**
 * Just enough MIME to read the mails nodemailer writes (tests only): headers with RFC 2047
 * encoded words, multipart bodies, base64 and quoted-printable parts, UTF-8 text.
 */
/** A non-text part (an inline picture, a file). */
export interface MailPart {
  contentType: string;
  /** Content-ID without its angle brackets. */
  cid: string | null;
  filename: string | null;
  bytes: Buffer;
}

export interface ParsedMail {
  attachments: MailPart[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  raw: string;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(source: string): Part {
  const index = source.search(/\r?\n\r?\n/);
  const head = index === -1 ? source : source.slice(0, index);
  const body = index === -1 ? '' : source.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset, encoding: string, text) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = String(text)
        .replace(/_/g, ' ')
        .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') {
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

function collect(part: Part, out: { text: string; html: string; attachments: MailPart[] }): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      collect(splitHeaders(piece.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  if (!type.toLowerCase().startsWith('text/')) {
    const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
    const disposition = part.headers['content-disposition'] ?? '';
    out.attachments.push({
      contentType: type.split(';')[0]!.trim().toLowerCase(),
      cid: part.headers['content-id']?.replace(/^<|>$/g, '') ?? null,
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null,
      bytes:
        encoding === 'base64'
          ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
          : Buffer.from(part.body, 'latin1'),
    });
    return;
  }
  const decoded = decodeBody(part).replace(/\r\n/g, '\n').replace(/\n$/, '');
  if (type.toLowerCase().startsWith('text/html')) out.html ||= decoded;
  else if (type.toLowerCase().startsWith('text/plain')) out.text ||= decoded;
}

export function parseMail(raw: string): ParsedMail {
  const root = splitHeaders(raw);
  const out = { text: '', html: '', attachments: [] as MailPart[] };
  collect(root, out);
  return {
    attachments: out.attachments,
    from: decodeEncodedWords(root.headers.from ?? ''),
    to: decodeEncodedWords(root.headers.to ?? ''),
    subject: decodeEncodedWords(root.headers.subject ?? ''),
    text: out.text,
    html: out.html,
    headers: root.headers,
    raw,
  };
}
