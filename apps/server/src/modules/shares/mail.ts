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
    subject: `Wrong access codes on your ${PRODUCT_NAME} share link`,
    intro: (model, failures) =>
      `Someone entered a wrong access code ${failures} times on your share link of "${model}". To protect the model, every visitor now waits a growing delay (up to 30 minutes) between tries.`,
    action: 'If you did not expect this, set a new access code in My Shares.',
    button: 'Open My Shares',
  },
  'zh-CN': {
    subject: `您的 ${PRODUCT_NAME} 分享链接访问码多次输错`,
    intro: (model, failures) =>
      `有人在您的「${model}」分享链接上输错访问码 ${failures} 次。为保护模型，现在每位访问者每次尝试前都需等待逐渐增加的时间（最长 30 分钟）。`,
    action: '如非预期，请在「我的分享」中设置新的访问码。',
    button: '打开我的分享',
  },
};

/** Tells the share's creator that wrong codes slowed the link down (in the creator's language). */
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
