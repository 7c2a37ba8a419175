import nodemailer, { type Transport, type Transporter } from 'nodemailer';

/** A file carried by a mail; with `cid`, an image its HTML shows inline (`<img src="cid:…">`). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/**
 * Send mail after the database transaction has committed, never inside one: on PGlite the
 * transaction holds the only connection, and the dev outbox needs it to store the mail.
 */
export interface Mailer {
  /** Which transport is in use: a real SMTP server, or the dev outbox table. */
  readonly kind: 'smtp' | 'dev-outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Where the dev outbox keeps mails (the `dev_mail` table). */
type OutboxStore = (mail: OutgoingMail) => Promise<void>;

/**
 * A nodemailer transport that stores each message in the dev outbox instead of sending it, so
 * the same nodemailer pipeline (addresses, envelope) runs with and without SMTP.
 */
function devOutboxTransport(store: OutboxStore): Transport<{ messageId: string }> {
  return {
    name: 'truss-dev-outbox',
    version: '1.0.0',
    send(mail, callback) {
      const envelope = mail.message.getEnvelope();
      const data = mail.data;
      const text = typeof data.text === 'string' ? data.text : '';
      const html = typeof data.html === 'string' ? data.html : '';
      Promise.all(
        envelope.to.map((to) =>
          store({ to: to.toLowerCase(), subject: data.subject ?? '', text, html }),
        ),
      ).then(
        () => callback(null, { messageId: mail.message.messageId() }),
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), {
            messageId: '',
          }),
      );
    },
  };
}

interface MailerOptions {
  /** SMTP URL (smtp://, smtps://); null selects the dev outbox. */
  smtpUrl: string | null;
  from: string;
  outbox: OutboxStore;
}

export function createMailer(options: MailerOptions): Mailer {
  const transporter: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : nodemailer.createTransport(devOutboxTransport(options.outbox));
  return {
    kind: options.smtpUrl ? 'smtp' : 'dev-outbox',
    async send(mail) {
      await transporter.sendMail({ from: options.from, ...mail });
    },
    close() {
      transporter.close();
    },
  };
}
