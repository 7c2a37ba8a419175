import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime.ts';

export interface CapturedMail extends ParsedMail {
  /** Envelope recipients, lower-cased. */
  recipients: string[];
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives. */
export interface MailCatcher {
  url: string;
  messages: CapturedMail[];
  /** Messages to `address`, newest first. */
  to(address: string): CapturedMail[];
  /** Waits until `address` has at least `count` messages; returns them newest first. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<CapturedMail[]>;
  /** Refuse (with SMTP 550) every message while true. */
  failing: boolean;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CapturedMail[] = [];
  const catcher = { failing: false } as MailCatcher;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (catcher.failing) {
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        messages.push({ ...parseMail(Buffer.concat(chunks).toString('utf8')), recipients });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) =>
    messages.filter((mail) => mail.recipients.includes(address.toLowerCase())).reverse();
  return Object.assign(catcher, {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    async waitFor(address: string, count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
