import type { GrantableRole, Locale } from '@truss/contracts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { noticeMail, oneLine, PRODUCT_NAME } from '../../mail/templates.ts';

interface MemberChangeTexts {
  /** Subjects are fixed texts: names typed by users stay out of them. */
  roleSubject: string;
  roleChanged: (actor: string, project: string, role: string) => string;
  openProject: string;
  removedSubject: string;
  removed: (actor: string, project: string) => string;
  openProjects: string;
  footer: string;
  roles: Record<GrantableRole, string>;
}

const texts: Record<Locale, MemberChangeTexts> = {
  en: {
    roleSubject: `Your role in a ${PRODUCT_NAME} project changed`,
    roleChanged: (actor, project, role) =>
      `${actor} changed your role in the project "${project}" to ${role}.`,
    openProject: 'Open the project',
    removedSubject: `You were removed from a ${PRODUCT_NAME} project`,
    removed: (actor, project) =>
      `${actor} removed you from the project "${project}". You no longer have access to its models.`,
    openProjects: 'Open your models',
    footer: 'You get this email because "Member changes" notifications are on. Turn them off here:',
    roles: { admin: 'admin', member: 'member', guest: 'guest' },
  },
  'zh-CN': {
    roleSubject: `您在 ${PRODUCT_NAME} 项目中的角色已变更`,
    roleChanged: (actor, project, role) =>
      `${actor} 已将您在项目「${project}」中的角色变更为${role}。`,
    openProject: '打开项目',
    removedSubject: `您已被移出一个 ${PRODUCT_NAME} 项目`,
    removed: (actor, project) =>
      `${actor} 已将您移出项目「${project}」，您将无法再访问其中的模型。`,
    openProjects: '查看我的模型',
    footer: '您收到此邮件是因为开启了「成员变动」通知。可在此关闭：',
    roles: { admin: '管理员', member: '成员', guest: '访客' },
  },
};

/** What happened to the recipient's membership, by someone else (`actor`). */
export type MemberChange =
  | { kind: 'role_changed'; projectId: string; projectName: string; role: GrantableRole }
  | { kind: 'removed'; projectId: string; projectName: string };

/**
 * Tells a member that someone changed their role (link: the project page) or removed them from
 * a project (link: their models), in the member's language.
 */
export function memberChangeMail(input: {
  to: string;
  locale: Locale;
  actor: string;
  change: MemberChange;
  publicUrl: string;
}): OutgoingMail {
  const t = texts[input.locale];
  const { change, publicUrl } = input;
  const project = oneLine(change.projectName);
  const actor = oneLine(input.actor);
  const common = { to: input.to, locale: input.locale, footer: t.footer, publicUrl };
  if (change.kind === 'role_changed') {
    const role = t.roles[change.role];
    return noticeMail({
      ...common,
      subject: t.roleSubject,
      lines: [t.roleChanged(actor, project, role)],
      button: { label: t.openProject, url: `${publicUrl}/project/${change.projectId}` },
    });
  }
  return noticeMail({
    ...common,
    subject: t.removedSubject,
    lines: [t.removed(actor, project)],
    button: { label: t.openProjects, url: `${publicUrl}/models` },
  });
}
