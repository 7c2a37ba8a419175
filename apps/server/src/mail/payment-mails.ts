import type { Locale } from '@truss/contracts';
import type { OutgoingMail } from './mailer.ts';
import { escapeHtml, mailButton, mailHtml, mailParagraph, PRODUCT_NAME } from './layout.ts';

/** Mails of paid plans: the renewal reminder, and the Enterprise contact request to sales. */

const PLAN_NAMES: Record<Locale, Record<'pro' | 'enterprise', string>> = {
  en: { pro: 'Pro', enterprise: 'Enterprise' },
  'zh-CN': { pro: '专业版', enterprise: '企业版' },
};

/** The end as people in China read it (the plans are sold in CNY, periods in UTC). */
function endText(end: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Shanghai',
  }).format(end);
}

const reminderTexts = {
  en: {
    subject: (plan: string, days: number) =>
      `Your ${PRODUCT_NAME} ${plan} plan ends in ${days === 1 ? '1 day' : `${days} days`}`,
    heading: (plan: string) => `Your ${plan} plan is ending`,
    body: (plan: string, end: string) =>
      `Your ${plan} plan ends on ${end} (China time). After that your account returns to the Free plan: nothing is deleted, but adding projects, members, models or storage beyond the Free limits is refused.`,
    renew: 'Renew now',
    extend: 'Paying again extends your plan from its current end, so no day is lost.',
  },
  'zh-CN': {
    subject: (plan: string, days: number) =>
      `您的 ${PRODUCT_NAME} ${plan}套餐将在 ${days} 天后到期`,
    heading: (plan: string) => `您的${plan}套餐即将到期`,
    body: (plan: string, end: string) =>
      `您的${plan}套餐将于 ${end}（北京时间）到期。到期后您的账户将恢复为免费版：已有内容不会被删除，但超出免费版上限的项目、成员、模型或存储空间将无法再新增。`,
    renew: '立即续费',
    extend: '续费将从当前到期时间起顺延，不会损失任何一天。',
  },
} satisfies Record<Locale, unknown>;

export function renewalReminderMail(input: {
  to: string;
  locale: Locale;
  planId: 'pro' | 'enterprise';
  endsAt: Date;
  daysLeft: number;
  publicUrl: string;
}): OutgoingMail {
  const t = reminderTexts[input.locale];
  const plan = PLAN_NAMES[input.locale][input.planId];
  const url = `${input.publicUrl}/upgrade`;
  const body = t.body(plan, endText(input.endsAt, input.locale));
  const text = [
    body,
    '',
    `${t.renew}: ${url}`,
    '',
    t.extend,
    '',
    `${PRODUCT_NAME} · ${input.publicUrl}`,
  ];
  return {
    to: input.to,
    subject: t.subject(plan, input.daysLeft),
    text: text.join('\n'),
    html: mailHtml({
      locale: input.locale,
      publicUrl: input.publicUrl,
      blocks: [
        `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(t.heading(plan))}</h1>`,
        mailParagraph(body),
        mailButton({ label: t.renew, url }),
        mailParagraph(t.extend, 'margin:0 0 24px;color:#52525b'),
      ],
    }),
  };
}

/** To the sales team (in English): who asked about Enterprise, and how to answer them. */
export function salesContactMail(input: {
  to: string;
  request: {
    id: string;
    name: string;
    email: string;
    company: string;
    phone: string | null;
    message: string | null;
    locale: Locale;
  };
  account: string | null;
  publicUrl: string;
}): OutgoingMail {
  const { request } = input;
  const lines: [string, string][] = [
    ['Name', request.name],
    ['Email', request.email],
    ['Company', request.company],
    ['Phone', request.phone ?? '—'],
    ['Language', request.locale],
    ['Signed-in account', input.account ?? '—'],
    ['Request id', request.id],
  ];
  const message = request.message ?? '';
  return {
    to: input.to,
    // No user text in a subject (it is what spam filters and phishing ride on): the company and
    // the name are the first lines of the body.
    subject: `${PRODUCT_NAME} Enterprise enquiry ${request.id.slice(0, 8)}`,
    text: [
      ...lines.map(([label, value]) => `${label}: ${value}`),
      '',
      message,
      '',
      `${PRODUCT_NAME} · ${input.publicUrl}`,
    ].join('\n'),
    html: mailHtml({
      locale: 'en',
      publicUrl: input.publicUrl,
      blocks: [
        `<h1 style="margin:0 0 16px;font-size:20px">Enterprise enquiry</h1>`,
        ...lines.map(([label, value]) => mailParagraph(`${label}: ${value}`, 'margin:0 0 4px')),
        message ? mailParagraph(message, 'margin:16px 0 24px;white-space:pre-wrap') : '',
      ],
    }),
  };
}
