import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '@truss/contracts';
import { describe, expect, it } from 'vitest';
import { memberChangeMail } from '../modules/members/mail.ts';
import { modelProcessedMail } from '../modules/models/mail.ts';
import { shareLockedMail } from '../modules/shares/mail.ts';
import type { ClaimedNotice } from '../modules/topics/notices-repository.ts';
import { topicNoticeMail } from '../modules/topics/notice-mail.ts';
import { addEmailCodeMail, passwordResetMail, signInCodeMail } from './account-mails.ts';
import { invitationMail } from './invitation.ts';
import { renewalReminderMail, salesContactMail } from './payment-mails.ts';
import type { OutgoingMail } from './mailer.ts';
import { noticeMail, verificationCodeMail } from './templates.ts';

/** What an attacker types into every free-text field: a name, a project, a model. */
const HOSTILE = 'WIN-PRIZE visit https://evil.example/claim now';
const publicUrl = 'https://truss.example.com';
const to = 'victim@example.com';

/** Every mail the server can send, rendered with hostile text wherever users type. */
const templates: Record<string, (locale: Locale) => OutgoingMail> = {
  verificationCodeMail: (locale) =>
    verificationCodeMail({ to, code: '123456', locale, expiresInSeconds: 900, publicUrl }),
  signInCodeMail: (locale) =>
    signInCodeMail({ to, code: '123456', locale, expiresInSeconds: 900, publicUrl }),
  addEmailCodeMail: (locale) =>
    addEmailCodeMail({ to, code: '123456', locale, expiresInSeconds: 900, publicUrl }),
  passwordResetMail: (locale) =>
    passwordResetMail({ to, token: 'token', locale, expiresInSeconds: 3600, publicUrl }),
  invitationMail: (locale) =>
    invitationMail({
      to,
      locale,
      inviter: HOSTILE,
      projectName: HOSTILE,
      role: 'member',
      token: 'token',
      publicUrl,
    }),
  memberChangeMail: (locale) =>
    memberChangeMail({
      to,
      locale,
      actor: HOSTILE,
      change: { kind: 'removed', projectId: 'p', projectName: HOSTILE },
      publicUrl,
    }),
  memberRoleMail: (locale) =>
    memberChangeMail({
      to,
      locale,
      actor: HOSTILE,
      change: { kind: 'role_changed', projectId: 'p', projectName: HOSTILE, role: 'admin' },
      publicUrl,
    }),
  modelProcessedMail: (locale) =>
    modelProcessedMail({
      to,
      locale,
      modelId: 'm',
      modelName: HOSTILE,
      projectId: 'p',
      projectName: HOSTILE,
      outcome: { status: 'ready' },
      publicUrl,
    }),
  modelFailedMail: (locale) =>
    modelProcessedMail({
      to,
      locale,
      modelId: 'm',
      modelName: HOSTILE,
      projectId: 'p',
      projectName: HOSTILE,
      outcome: { status: 'failed', failureCode: 'NO_GEOMETRY' },
      publicUrl,
    }),
  shareLockedMail: (locale) => shareLockedMail({ to, locale, modelName: HOSTILE, publicUrl }),
  renewalReminderMail: (locale) =>
    renewalReminderMail({
      to,
      locale,
      planId: 'pro',
      endsAt: new Date('2026-12-01T00:00:00Z'),
      daysLeft: 7,
      publicUrl,
    }),
  salesContactMail: () =>
    salesContactMail({
      to: 'sales@truss.example.com',
      request: {
        id: '5f0c1e0e-8a7d-4f43-9a55-3c1b3c2f1a11',
        name: HOSTILE,
        email: 'buyer@example.com',
        company: HOSTILE,
        phone: null,
        message: HOSTILE,
        locale: 'en',
      },
      account: null,
      publicUrl,
    }),
  topicNoticeMail: (locale) =>
    topicNoticeMail({ to, locale, notices: [hostileNotice, hostileNotice], publicUrl }),
  topicNoticeMailSingle: (locale) =>
    topicNoticeMail({ to, locale, notices: [hostileNotice], publicUrl }),
};

/** A topic notice whose every name and title an attacker chose. */
const hostileNotice: ClaimedNotice = {
  kind: 'assigned',
  actor_name: HOSTILE,
  status: 'Open',
  created_at: new Date('2026-11-25T00:00:00Z'),
  topic_id: 't',
  topic_number: 7,
  topic_kind: 'issue',
  topic_title: HOSTILE,
  project_id: 'p',
  project_name: HOSTILE,
  member: true,
};

const srcRoot = fileURLToPath(new URL('..', import.meta.url));

/** Exported `...Mail(` builders of an OutgoingMail in the server's source (tests excluded). */
async function mailBuilders(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await mailBuilders(file)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      const text = await readFile(file, 'utf8');
      if (!text.includes('OutgoingMail')) continue;
      for (const match of text.matchAll(/export function (\w+Mail)\(/g)) found.push(match[1]!);
    }
  }
  return found;
}

describe('mail subjects', () => {
  it.each(Object.keys(templates).flatMap((name) => LOCALES.map((locale) => [name, locale])))(
    '%s (%s) keeps user text out of its subject',
    (name, locale) => {
      const mail = templates[name]!(locale as Locale);
      expect(mail.subject.length).toBeGreaterThan(0);
      for (const piece of ['WIN-PRIZE', 'evil', 'http', 'claim']) {
        expect(mail.subject).not.toContain(piece);
      }
      // The text itself still names the project or model (escaped in HTML).
      const named = ['invitationMail', 'memberChangeMail', 'shareLockedMail', 'salesContactMail'];
      if ([...named, 'topicNoticeMail', 'topicNoticeMailSingle'].includes(name)) {
        expect(mail.text).toContain('WIN-PRIZE');
      }
    },
  );

  it('covers every mail builder of the server', async () => {
    const builders = new Set(await mailBuilders(srcRoot));
    builders.delete('noticeMail'); // the layout of the notification mails, covered through them
    expect(builders.size).toBeGreaterThan(5);
    for (const builder of builders) {
      expect(Object.keys(templates), `a subject test for ${builder}`).toContain(builder);
    }
  });

  it('the notification layout collapses the subject to one line', () => {
    const mail = noticeMail({
      to,
      locale: 'en',
      subject: 'Line one\nBcc: someone@example.com',
      lines: ['x'],
      button: { label: 'Open', url: publicUrl },
      footer: 'f',
      publicUrl,
    });
    expect(mail.subject).toBe('Line one Bcc: someone@example.com');
  });
});
