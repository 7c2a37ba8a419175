import { SHARE_CODE_MAX_FAILURES, type Locale } from '@truss/contracts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { mailButton, mailHtml, mailParagraph, PRODUCT_NAME } from '../../mail/layout.ts';

interface LockedMailTexts {
  /** Fixed text: names typed by users stay out of subjects. */
  subject: string;
  intro: (model: string, failures: number) => string;
  action: string;
  button: string;
}

const texts: Record<Locale, LockedMailTexts> = {
  en: {
    subject: `Your ${PRODUCT_NAME} share link was locked`,
    intro: (model, failures) =>
      `Someone entered a wrong access code ${failures} times on your share link of "${model}". To protect the model, the link no longer accepts any code.`,
    action: 'Set a new access code in My Shares to open the link again.',
    button: 'Open My Shares',
  },
  'zh-CN': {
    subject: `您的 ${PRODUCT_NAME} 分享链接已被锁定`,
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
  const html = mailHtml({
    locale: input.locale,
    publicUrl: input.publicUrl,
    blocks: [
      mailParagraph(intro),
      mailParagraph(t.action, 'margin:0 0 24px'),
      mailButton({ label: t.button, url: link }),
    ],
  });
  return { to: input.to, subject: t.subject, text, html };
}
