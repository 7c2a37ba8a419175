import type { Locale } from '@truss/contracts';
import type { OutgoingMail } from './mailer.ts';

export const PRODUCT_NAME = 'Truss';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

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
  const html = `<!doctype html>
<html lang="${input.locale}">
  <body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#18181b">
    <table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
      <tr><td>
        <p style="margin:0 0 24px;font-size:18px;font-weight:600">${PRODUCT_NAME}</p>
        <h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(t.heading)}</h1>
        <p style="margin:0 0 16px">${escapeHtml(t.intro)}</p>
        <p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px">${escapeHtml(input.code)}</p>
        <p style="margin:0 0 8px;color:#52525b">${escapeHtml(t.expiry(minutes))}</p>
        <p style="margin:0 0 24px;color:#52525b">${escapeHtml(t.ignore)}</p>
        <p style="margin:0;font-size:12px;color:#a1a1aa"><a href="${escapeHtml(input.publicUrl)}" style="color:#a1a1aa">${escapeHtml(input.publicUrl)}</a></p>
      </td></tr>
    </table>
  </body>
</html>
`;
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
}): OutgoingMail {
  const { button, publicUrl } = input;
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
  const html = `<!doctype html>
<html lang="${input.locale}">
  <body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#18181b">
    <table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
      <tr><td>
        <p style="margin:0 0 24px;font-size:18px;font-weight:600">${PRODUCT_NAME}</p>
        ${input.lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('\n        ')}
        <p style="margin:8px 0 24px"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 20px;border-radius:6px;font-weight:600">${escapeHtml(button.label)}</a></p>
        <p style="margin:0 0 24px;color:#52525b;font-size:13px">${escapeHtml(input.footer)} <a href="${escapeHtml(settingsUrl)}" style="color:#4f46e5">${escapeHtml(settingsUrl)}</a></p>
        <p style="margin:0;font-size:12px;color:#a1a1aa"><a href="${escapeHtml(publicUrl)}" style="color:#a1a1aa">${escapeHtml(publicUrl)}</a></p>
      </td></tr>
    </table>
  </body>
</html>
`;
  return { to: input.to, subject: oneLine(input.subject), text, html };
}
