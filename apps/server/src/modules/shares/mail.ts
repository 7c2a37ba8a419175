import { SHARE_CODE_MAX_FAILURES, type Locale } from '@truss/contracts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml, PRODUCT_NAME } from '../../mail/templates.ts';

interface LockedMailTexts {
  subject: (model: string) => string;
  intro: (model: string, failures: number) => string;
  action: string;
  button: string;
}

const texts: Record<Locale, LockedMailTexts> = {
  en: {
    subject: (model) => `Your share link of "${model}" was locked`,
    intro: (model, failures) =>
      `Someone entered a wrong access code ${failures} times on your share link of "${model}". To protect the model, the link no longer accepts any code.`,
    action: 'Set a new access code in My Shares to open the link again.',
    button: 'Open My Shares',
  },
  'zh-CN': {
    subject: (model) => `您的「${model}」分享链接已被锁定`,
    intro: (model, failures) =>
      `有人在您的「${model}」分享链接上输错访问码 ${failures} 次。为保护模型，该链接已不再接受任何访问码。`,
    action: '请在「我的分享」中设置新的访问码以重新开放该链接。',
    button: '打开我的分享',
  },
};

/** Tells the share's creator that wrong codes locked the link (in the creator's language). */
export function shareLockedMail(input: {
  to: string;
  locale: Locale;
  modelName: string;
  publicUrl: string;
}): OutgoingMail {
  const t = texts[input.locale];
  const link = `${input.publicUrl}/shares`;
  const modelName = input.modelName.replace(/\s+/g, ' ').trim();
  const intro = t.intro(modelName, SHARE_CODE_MAX_FAILURES);
  const text = [intro, '', t.action, '', link, '', `${PRODUCT_NAME} · ${input.publicUrl}`].join(
    '\n',
  );
  const html = `<!doctype html>
<html lang="${input.locale}">
  <body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#18181b">
    <table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
      <tr><td>
        <p style="margin:0 0 24px;font-size:18px;font-weight:600">${PRODUCT_NAME}</p>
        <p style="margin:0 0 16px">${escapeHtml(intro)}</p>
        <p style="margin:0 0 24px">${escapeHtml(t.action)}</p>
        <p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 20px;border-radius:6px;font-weight:600">${escapeHtml(t.button)}</a></p>
        <p style="margin:0;font-size:12px;color:#a1a1aa"><a href="${escapeHtml(input.publicUrl)}" style="color:#a1a1aa">${escapeHtml(input.publicUrl)}</a></p>
      </td></tr>
    </table>
  </body>
</html>
`;
  return { to: input.to, subject: t.subject(modelName), text, html };
}
