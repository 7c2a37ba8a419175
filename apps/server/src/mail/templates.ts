import type { Locale } from '@truss/contracts';
import type { OutgoingMail } from './mailer.ts';

import { escapeHtml, mailButton, mailHtml, mailParagraph, PRODUCT_NAME } from './layout.ts';

export { escapeHtml, PRODUCT_NAME } from './layout.ts';

interface CodeMailTexts {
  subject: (code: string) => string;
  heading: string;
  intro: string;
  expiry: (minutes: number) => string;
  ignore: string;
}

const codeMailTexts: Record<Locale, CodeMailTexts> = {
  en: {
    subject: (code) => `${code} is your ${PRODUCT_NAME} verification code`,
    heading: 'Verify your email address',
    intro: `Enter this code in ${PRODUCT_NAME} to verify your email address:`,
    expiry: (minutes) => `The code expires in ${minutes} minutes and works once.`,
    ignore: `If you did not sign up for ${PRODUCT_NAME}, you can ignore this email.`,
  },
  'zh-CN': {
    subject: (code) => `${PRODUCT_NAME} 验证码：${code}`,
    heading: '验证您的邮箱地址',
    intro: `请在 ${PRODUCT_NAME} 中输入以下验证码以验证您的邮箱地址：`,
    expiry: (minutes) => `验证码 ${minutes} 分钟内有效，且只能使用一次。`,
    ignore: `如果您没有注册 ${PRODUCT_NAME}，请忽略此邮件。`,
  },
};

/** The sign-up verification mail: the code is the first 6-digit number of the text. */
export function verificationCodeMail(input: {
  to: string;
  code: string;
  locale: Locale;
  expiresInSeconds: number;
  publicUrl: string;
}): OutgoingMail {
  const t = codeMailTexts[input.locale];
  const minutes = Math.round(input.expiresInSeconds / 60);
  const text = [
    t.intro,
    '',
    `    ${input.code}`,
    '',
    t.expiry(minutes),
    t.ignore,
    '',
    `${PRODUCT_NAME} · ${input.publicUrl}`,
  ].join('\n');
  const html = mailHtml({
    locale: input.locale,
    publicUrl: input.publicUrl,
    blocks: [
      `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(t.heading)}</h1>`,
      mailParagraph(t.intro),
      mailParagraph(
        input.code,
        'margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px',
      ),
      mailParagraph(t.expiry(minutes), 'margin:0 0 8px;color:#52525b'),
      mailParagraph(t.ignore, 'margin:0 0 24px;color:#52525b'),
    ],
  });
  return { to: input.to, subject: t.subject(input.code), text, html };
}

/** Collapses whitespace (names typed by users) for subjects and sentences. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * A notification mail (the kinds users switch in Settings > Notifications): a few lines, one
 * button whose link the text repeats, and a footer saying where to turn such mails off.
 */
export function noticeMail(input: {
  to: string;
  locale: Locale;
  subject: string;
  lines: string[];
  button: { label: string; url: string };
  /** Why the recipient gets this mail and where to turn it off. */
  footer: string;
  publicUrl: string;
  /** Pictures shown after the lines (inline attachments; the text part names them). */
  images?: { alt: string; filename: string; contentType: string; content: Buffer }[];
}): OutgoingMail {
  const { button, publicUrl } = input;
  const images = (input.images ?? []).map((image, i) => ({
    ...image,
    cid: `picture-${i + 1}@truss`,
  }));
  const settingsUrl = `${publicUrl}/settings/notifications`;
  const text = [
    ...input.lines,
    '',
    `${button.label}: ${button.url}`,
    '',
    `${input.footer} ${settingsUrl}`,
    '',
    `${PRODUCT_NAME} · ${publicUrl}`,
  ].join('\n');
  const html = mailHtml({
    locale: input.locale,
    publicUrl,
    blocks: [
      ...input.lines.map((line) => mailParagraph(line)),
      ...images.map(
        (image) =>
          `<p style="margin:0 0 16px"><img src="cid:${image.cid}" alt="${escapeHtml(image.alt)}" width="520" style="display:block;width:100%;max-width:520px;height:auto;border:1px solid #e4e4e7;border-radius:8px"></p>`,
      ),
      mailButton(button, '8px 0 24px'),
      `<p style="margin:0 0 24px;color:#52525b;font-size:13px">${escapeHtml(input.footer)} <a href="${escapeHtml(settingsUrl)}" style="color:#4f46e5">${escapeHtml(settingsUrl)}</a></p>`,
    ],
  });
  const attachments = images.map(({ filename, content, contentType, cid }) => ({
    filename,
    content,
    contentType,
    cid,
  }));
  return {
    to: input.to,
    subject: oneLine(input.subject),
    text,
    html,
    ...(attachments.length ? { attachments } : {}),
  };
}
