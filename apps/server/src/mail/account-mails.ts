import type { Locale } from '@truss/contracts';
import type { OutgoingMail } from './mailer.ts';
import { escapeHtml, mailButton, mailHtml, mailParagraph, PRODUCT_NAME } from './layout.ts';

/** The security mails of accounts: sign-in code + magic link, password reset link. */

interface Layout {
  locale: Locale;
  heading: string;
  lines: string[];
  code?: string;
  button?: { label: string; url: string };
  footer: string[];
  publicUrl: string;
}

function render(subject: string, to: string, layout: Layout): OutgoingMail {
  const text = [
    ...layout.lines,
    '',
    ...(layout.code ? [`    ${layout.code}`, ''] : []),
    ...(layout.button ? [`${layout.button.label}: ${layout.button.url}`, ''] : []),
    ...layout.footer,
    '',
    `${PRODUCT_NAME} · ${layout.publicUrl}`,
  ].join('\n');
  // The last footer line keeps the gap above the site's address (24px, as in every mail).
  const footer = layout.footer.map((line, index) =>
    mailParagraph(
      line,
      index === layout.footer.length - 1
        ? 'margin:0 0 24px;color:#52525b'
        : 'margin:0 0 8px;color:#52525b',
    ),
  );
  const html = mailHtml({
    locale: layout.locale,
    publicUrl: layout.publicUrl,
    blocks: [
      `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(layout.heading)}</h1>`,
      ...layout.lines.map((line) => mailParagraph(line)),
      layout.code
        ? mailParagraph(
            layout.code,
            'margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px',
          )
        : '',
      layout.button ? mailButton(layout.button) : '',
      ...footer,
    ],
  });
  return { to, subject, text, html };
}

const signInTexts = {
  en: {
    subject: (code: string) => `${code} is your ${PRODUCT_NAME} sign-in code`,
    heading: `Sign in to ${PRODUCT_NAME}`,
    intro: 'Enter this code on the sign-in page:',
    button: 'Sign in',
    orLink: 'Or open this link in the browser where you want to be signed in.',
    expiry: (minutes: number) =>
      `The code and the link expire in ${minutes} minutes and work once.`,
    ignore:
      'If you did not try to sign in, you can ignore this email; nobody can sign in without it.',
  },
  'zh-CN': {
    subject: (code: string) => `${PRODUCT_NAME} 登录验证码：${code}`,
    heading: `登录 ${PRODUCT_NAME}`,
    intro: '请在登录页面输入以下验证码：',
    button: '登录',
    orLink: '或在您要登录的浏览器中打开此链接。',
    expiry: (minutes: number) => `验证码和链接 ${minutes} 分钟内有效，且只能使用一次。`,
    ignore: '如果您没有尝试登录，请忽略此邮件；没有它任何人都无法登录。',
  },
} satisfies Record<Locale, unknown>;

/** Sign-in code mail: the code is the first 6-digit number of the text; the link carries it too. */
export function signInCodeMail(input: {
  to: string;
  code: string;
  locale: Locale;
  expiresInSeconds: number;
  publicUrl: string;
}): OutgoingMail {
  const t = signInTexts[input.locale];
  const url = `${input.publicUrl}/magic-code?email=${encodeURIComponent(input.to)}&code=${input.code}`;
  return render(t.subject(input.code), input.to, {
    locale: input.locale,
    heading: t.heading,
    lines: [t.intro],
    code: input.code,
    button: { label: t.button, url },
    footer: [t.orLink, t.expiry(Math.round(input.expiresInSeconds / 60)), t.ignore],
    publicUrl: input.publicUrl,
  });
}

const resetTexts = {
  en: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    heading: 'Reset your password',
    intro: 'Open this link to choose a new password:',
    button: 'Reset password',
    expiry: (minutes: number) => `The link expires in ${minutes} minutes and works once.`,
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
  'zh-CN': {
    subject: `重置您的 ${PRODUCT_NAME} 密码`,
    heading: '重置密码',
    intro: '打开此链接设置新密码：',
    button: '重置密码',
    expiry: (minutes: number) => `链接 ${minutes} 分钟内有效，且只能使用一次。`,
    ignore: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
  },
} satisfies Record<Locale, unknown>;

export function passwordResetMail(input: {
  to: string;
  token: string;
  locale: Locale;
  expiresInSeconds: number;
  publicUrl: string;
}): OutgoingMail {
  const t = resetTexts[input.locale];
  const url = `${input.publicUrl}/reset-password?token=${encodeURIComponent(input.token)}`;
  return render(t.subject, input.to, {
    locale: input.locale,
    heading: t.heading,
    lines: [t.intro],
    button: { label: t.button, url },
    footer: [t.expiry(Math.round(input.expiresInSeconds / 60)), t.ignore],
    publicUrl: input.publicUrl,
  });
}

const addEmailTexts = {
  en: {
    subject: (code: string) => `${code} is your ${PRODUCT_NAME} email confirmation code`,
    heading: 'Confirm your email address',
    intro: `Enter this code in ${PRODUCT_NAME} to add this address to your account:`,
    expiry: (minutes: number) => `The code expires in ${minutes} minutes and works once.`,
    ignore:
      'If you did not ask for this, ignore this email: the address is not added without the code.',
  },
  'zh-CN': {
    subject: (code: string) => `${PRODUCT_NAME} 邮箱确认码：${code}`,
    heading: '确认您的邮箱地址',
    intro: `请在 ${PRODUCT_NAME} 中输入以下验证码，将此地址添加到您的账号：`,
    expiry: (minutes: number) => `验证码 ${minutes} 分钟内有效，且只能使用一次。`,
    ignore: '如果这不是您本人的操作，请忽略此邮件：没有验证码，该地址不会被添加。',
  },
} satisfies Record<Locale, unknown>;

/**
 * The code that adds an address to an account without one (a WeChat sign-up): the code is the
 * first 6-digit number of the text.
 */
export function addEmailCodeMail(input: {
  to: string;
  code: string;
  locale: Locale;
  expiresInSeconds: number;
  publicUrl: string;
}): OutgoingMail {
  const t = addEmailTexts[input.locale];
  return render(t.subject(input.code), input.to, {
    locale: input.locale,
    heading: t.heading,
    lines: [t.intro],
    code: input.code,
    footer: [t.expiry(Math.round(input.expiresInSeconds / 60)), t.ignore],
    publicUrl: input.publicUrl,
  });
}
