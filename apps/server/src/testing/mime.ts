/**
 * Just enough MIME to read the mails nodemailer writes (tests only): headers with RFC 2047
 * encoded words, multipart bodies, base64 and quoted-printable parts, UTF-8 text.
 */
export interface ParsedMail {
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

function collect(part: Part, out: { text: string; html: string }): void {
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
  const decoded = decodeBody(part).replace(/\r\n/g, '\n').replace(/\n$/, '');
  if (type.toLowerCase().startsWith('text/html')) out.html ||= decoded;
  else if (type.toLowerCase().startsWith('text/plain')) out.text ||= decoded;
}

export function parseMail(raw: string): ParsedMail {
  const root = splitHeaders(raw);
  const out = { text: '', html: '' };
  collect(root, out);
  return {
    from: decodeEncodedWords(root.headers.from ?? ''),
    to: decodeEncodedWords(root.headers.to ?? ''),
    subject: decodeEncodedWords(root.headers.subject ?? ''),
    text: out.text,
    html: out.html,
    headers: root.headers,
    raw,
  };
}
