import { INVITATION_TTL_DAYS, type Locale } from '@truss/contracts';
import type { OutgoingMail } from './mailer.ts';
import { escapeHtml, mailButton, mailHtml, mailParagraph, PRODUCT_NAME } from './layout.ts';

interface InvitationMailTexts {
  /** Fixed text: names typed by users stay out of subjects (spam filters, phishing). */
  subject: string;
  intro: (inviter: string, project: string, role: string) => string;
  button: string;
  linkHint: string;
  expiry: (days: number) => string;
  ignore: string;
  roles: Record<'admin' | 'member' | 'guest', string>;
}

const texts: Record<Locale, InvitationMailTexts> = {
  en: {
    subject: `You are invited to a project on ${PRODUCT_NAME}`,
    intro: (inviter, project, role) =>
      `${inviter} invited you to join the project "${project}" on ${PRODUCT_NAME} as ${role}.`,
    button: 'View invitation',
    linkHint: 'Or open this link in your browser:',
    expiry: (days) => `The invitation expires in ${days} days and can be used once.`,
    ignore: 'If you did not expect this invitation, you can ignore this email.',
    roles: { admin: 'an admin', member: 'a member', guest: 'a guest' },
  },
  'zh-CN': {
    subject: `您收到一个 ${PRODUCT_NAME} 项目邀请`,
    intro: (inviter, project, role) =>
      `${inviter} 邀请您以${role}身份加入 ${PRODUCT_NAME} 项目「${project}」。`,
    button: '查看邀请',
    linkHint: '或在浏览器中打开以下链接：',
    expiry: (days) => `邀请 ${days} 天内有效，且只能使用一次。`,
    ignore: '如果您没有预料到此邀请，请忽略此邮件。',
    roles: { admin: '管理员', member: '成员', guest: '访客' },
  },
};

/** The invitation mail: a link to `${publicUrl}/invite?token=...` in the recipient's language. */
export function invitationMail(input: {
  to: string;
  locale: Locale;
  inviter: string;
  projectName: string;
  role: 'admin' | 'member' | 'guest';
  token: string;
  publicUrl: string;
}): OutgoingMail {
  const t = texts[input.locale];
  const link = `${input.publicUrl}/invite?token=${encodeURIComponent(input.token)}`;
  const intro = t.intro(input.inviter, input.projectName, t.roles[input.role]);
  const expiry = t.expiry(INVITATION_TTL_DAYS);
  const text = [
    intro,
    '',
    link,
    '',
    expiry,
    t.ignore,
    '',
    `${PRODUCT_NAME} · ${input.publicUrl}`,
  ].join('\n');
  const html = mailHtml({
    locale: input.locale,
    publicUrl: input.publicUrl,
    blocks: [
      mailParagraph(intro, 'margin:0 0 24px'),
      mailButton({ label: t.button, url: link }),
      `<p style="margin:0 0 8px;color:#52525b;font-size:13px">${escapeHtml(t.linkHint)}<br><a href="${escapeHtml(link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(link)}</a></p>`,
      mailParagraph(expiry, 'margin:16px 0 8px;color:#52525b'),
      mailParagraph(t.ignore, 'margin:0 0 24px;color:#52525b'),
    ],
  });
  return {
    to: input.to,
    subject: t.subject,
    text,
    html,
  };
}
