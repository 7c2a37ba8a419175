import type { ProjectRole } from './project.ts';

/**
 * Every permission decision in Truss, as pure functions shared by the server (every route) and the
 * web app (what it shows). `actor.role` is the caller's role in the project, or null when the
 * caller is not a member (such callers get 404 from the server, never 403: they may not learn
 * that the project exists).
 *
 * | action                   | owner | admin            | member      | guest        |
 * |--------------------------|-------|------------------|-------------|--------------|
 * | project.view             | yes   | yes              | yes         | yes          |
 * | project.update           | yes   | yes              | no          | no           |  name, description, icon colour
 * | project.delete           | yes   | no               | no          | no           |  never the default project
 * | project.leave            | no    | yes              | yes         | yes          |  the creator cannot leave
 * | member.list              | yes   | yes              | yes         | no           |  names and e-mail addresses
 * | member.invite            | yes   | yes (admin/member/guest roles) | no | no     |
 * | member.changeRole        | yes   | yes, between admin, member and guest, never the owner | no | no |
 * | member.remove            | yes   | yes, members, admins and guests, never the owner | no | no |
 * | invitation.manage        | yes   | yes              | no          | no           |  resend, cancel
 * | model.view               | yes   | yes              | yes         | yes          |
 * | model.upload             | yes   | yes              | yes         | no           |
 * | model.rename / trash     | yes   | yes              | own models  | no           |
 * | model.restore / move     | yes   | yes              | own models  | no           |
 * | modelVersion.upload      | yes   | yes              | own models  | no           |  a new version of a model
 * | modelVersion.update      | yes   | yes              | own models  | no           |  message, make current
 * | modelVersion.delete      | yes   | yes              | own models  | no           |  never the current one
 * | share.create             | yes   | yes              | yes         | no           |
 * | share.manage             | yes   | yes              | own shares  | no           |
 * | topic.view / create      | yes   | yes              | yes         | yes          |  comment threads and issues
 * | topic.counts             | yes   | yes              | yes         | yes          |  open issues per model (cards)
 * | topic.comment            | yes   | yes              | yes         | yes          |  reply on any topic
 * | topic.edit               | yes   | yes              | own topics  | own topics   |  title, text, type, priority,
 * |                          |       |                  |             |              |  labels, due, stage, pin, links
 * | topic.assign             | yes   | yes              | own topics  | no           |
 * | topic.setStatus          | yes   | yes              | own or assigned to them | own or assigned |
 * | topic.delete             | yes   | yes              | own topics  | own topics   |
 * | topic.manageTypes        | yes   | yes              | no          | no           |  extend the type list
 * | comment.edit / delete    | yes   | yes              | own comments | own comments |
 * | attachment.view / add    | yes   | yes              | yes         | yes          |  files on topics and comments
 * | attachment.delete        | yes   | yes              | own uploads | own uploads  |
 * | bcf.export               | yes   | yes              | yes         | no           |  BCF names authors by e-mail
 * | bcf.import               | yes   | yes              | no          | no           |  updates anyone's topics by GUID
 * | savedView.list / create  | yes   | yes              | yes         | yes          |  named views of a model
 * | savedView.rename / delete| yes   | yes              | own views   | own views    |
 * | element.query            | yes   | yes              | yes         | yes          |  property queries, export
 * | model.compare            | yes   | yes              | yes         | yes          |  diff of two versions
 * | savedQuery.list / create | yes   | yes              | yes         | yes          |  named queries of a project
 * | savedQuery.update / delete| yes  | yes              | own queries | own queries  |
 *
 * A member therefore changes only the status of someone else's issue, and only when it is
 * assigned to them (the assignee resolves it); everything else on others' topics is the
 * creator's or a manager's, so one member cannot rewrite or reassign another's report.
 *
 * A guest is an outside party (a client): they see the models and topics, raise and discuss
 * topics and resolve what is assigned to them, but never see who else is in the project (no
 * member list, no e-mail addresses: `seesMemberDetails`), invite, upload or share. Assigning needs
 * the member list, so a guest assigns nothing.
 *
 * Nobody can change their own role or change anyone to owner (ownership transfer is separate).
 */
export type ProjectAction =
  | 'project.view'
  | 'project.update'
  | 'project.delete'
  | 'project.leave'
  | 'member.list'
  | 'member.invite'
  | 'member.changeRole'
  | 'member.remove'
  | 'invitation.manage'
  | 'model.view'
  | 'model.upload'
  | 'model.rename'
  | 'model.trash'
  | 'model.restore'
  | 'model.move'
  | 'modelVersion.upload'
  | 'modelVersion.update'
  | 'modelVersion.delete'
  | 'share.create'
  | 'share.manage'
  | 'topic.view'
  | 'topic.counts'
  | 'topic.create'
  | 'topic.comment'
  | 'topic.edit'
  | 'topic.assign'
  | 'topic.setStatus'
  | 'topic.delete'
  | 'topic.manageTypes'
  | 'comment.edit'
  | 'comment.delete'
  | 'attachment.view'
  | 'attachment.add'
  | 'attachment.delete'
  | 'bcf.export'
  | 'bcf.import'
  | 'savedView.list'
  | 'savedView.create'
  | 'savedView.rename'
  | 'savedView.delete'
  | 'element.query'
  | 'model.compare'
  | 'savedQuery.list'
  | 'savedQuery.create'
  | 'savedQuery.update'
  | 'savedQuery.delete';

export const PROJECT_ACTIONS: readonly ProjectAction[] = [
  'project.view',
  'project.update',
  'project.delete',
  'project.leave',
  'member.list',
  'member.invite',
  'member.changeRole',
  'member.remove',
  'invitation.manage',
  'model.view',
  'model.upload',
  'model.rename',
  'model.trash',
  'model.restore',
  'model.move',
  'modelVersion.upload',
  'modelVersion.update',
  'modelVersion.delete',
  'share.create',
  'share.manage',
  'topic.view',
  'topic.counts',
  'topic.create',
  'topic.comment',
  'topic.edit',
  'topic.assign',
  'topic.setStatus',
  'topic.delete',
  'topic.manageTypes',
  'comment.edit',
  'comment.delete',
  'attachment.view',
  'attachment.add',
  'attachment.delete',
  'bcf.export',
  'bcf.import',
  'savedView.list',
  'savedView.create',
  'savedView.rename',
  'savedView.delete',
  'element.query',
  'model.compare',
  'savedQuery.list',
  'savedQuery.create',
  'savedQuery.update',
  'savedQuery.delete',
];

export interface Actor {
  userId: string;
  /** The actor's role in the project, or null for a non-member. */
  role: ProjectRole | null;
}

export interface PermissionResource {
  /** The project's creator; the creator cannot leave. */
  creatorId?: string;
  isDefaultProject?: boolean;
  /** For member actions: the member acted upon. */
  target?: { userId: string; role: ProjectRole };
  /** For member.invite / member.changeRole: the role being granted. */
  newRole?: ProjectRole;
  /**
   * For model, share, topic, comment, saved-view and saved-query actions: who created the model,
   * share, topic, comment, view or query.
   */
  ownerId?: string;
  /** For topic.setStatus: the topic's assignee. */
  assigneeId?: string | null;
}

const everyone: readonly ProjectRole[] = ['owner', 'admin', 'member', 'guest'];
const managers: readonly ProjectRole[] = ['owner', 'admin'];
/** Roles inside the team: they see each other and bring in models and links. */
const team: readonly ProjectRole[] = ['owner', 'admin', 'member'];

const isTeam = (actor: Actor): boolean => actor.role !== null && team.includes(actor.role);
const isMember = (actor: Actor): boolean => actor.role !== null && everyone.includes(actor.role);

/** A team member's own row, or any row for a manager; never a guest's (they own no models). */
const ownOrManagerInTeam = (actor: Actor, resource: PermissionResource): boolean =>
  isTeam(actor) && ownOrManager(actor, resource);

const ownOrManager = (actor: Actor, resource: PermissionResource): boolean =>
  actor.role !== null &&
  (managers.includes(actor.role) ||
    (resource.ownerId !== undefined && resource.ownerId === actor.userId));

function canGrant(actor: Actor, role: ProjectRole | undefined): boolean {
  if (role === undefined || role === 'owner') return false;
  return (
    actor.role === 'owner' ||
    (actor.role === 'admin' && (role === 'admin' || role === 'member' || role === 'guest'))
  );
}

function canActOnMember(actor: Actor, resource: PermissionResource): boolean {
  const target = resource.target;
  if (!target || target.role === 'owner' || target.userId === actor.userId) return false;
  return actor.role === 'owner' || actor.role === 'admin';
}

const rules: Record<ProjectAction, (actor: Actor, resource: PermissionResource) => boolean> = {
  'project.view': isMember,
  'project.update': (actor) => actor.role !== null && managers.includes(actor.role),
  'project.delete': (actor, resource) =>
    actor.role === 'owner' && resource.isDefaultProject !== true,
  'project.leave': (actor, resource) =>
    actor.role !== null && actor.role !== 'owner' && resource.creatorId !== actor.userId,
  'member.list': isTeam,
  'member.invite': (actor, resource) => canGrant(actor, resource.newRole ?? 'member'),
  'member.changeRole': (actor, resource) =>
    canActOnMember(actor, resource) && canGrant(actor, resource.newRole),
  'member.remove': canActOnMember,
  'invitation.manage': (actor) => actor.role !== null && managers.includes(actor.role),
  'model.view': isMember,
  'model.upload': isTeam,
  'model.rename': ownOrManagerInTeam,
  'model.trash': ownOrManagerInTeam,
  'model.restore': ownOrManagerInTeam,
  'model.move': ownOrManagerInTeam,
  // Versions change what everyone sees of a model: the model's editors (as renaming it).
  'modelVersion.upload': ownOrManagerInTeam,
  'modelVersion.update': ownOrManagerInTeam,
  'modelVersion.delete': ownOrManagerInTeam,
  'share.create': isTeam,
  'share.manage': ownOrManagerInTeam,
  'topic.view': isMember,
  'topic.counts': isMember,
  'topic.create': isMember,
  'topic.comment': isMember,
  'topic.edit': ownOrManager,
  'topic.assign': ownOrManagerInTeam,
  'topic.setStatus': (actor, resource) =>
    ownOrManager(actor, resource) ||
    (actor.role !== null && !!resource.assigneeId && resource.assigneeId === actor.userId),
  'topic.delete': ownOrManager,
  'topic.manageTypes': (actor) => actor.role !== null && managers.includes(actor.role),
  'comment.edit': ownOrManager,
  'comment.delete': ownOrManager,
  'attachment.view': isMember,
  'attachment.add': isMember,
  'attachment.delete': ownOrManager,
  'bcf.export': isTeam,
  'bcf.import': (actor) => actor.role !== null && managers.includes(actor.role),
  'savedView.list': isMember,
  'savedView.create': isMember,
  'savedView.rename': ownOrManager,
  'savedView.delete': ownOrManager,
  'element.query': isMember,
  'model.compare': isMember,
  'savedQuery.list': isMember,
  'savedQuery.create': isMember,
  'savedQuery.update': ownOrManager,
  'savedQuery.delete': ownOrManager,
};

/** The one permission check: may `actor` do `action` on `resource`? */
export function can(
  actor: Actor,
  action: ProjectAction,
  resource: PermissionResource = {},
): boolean {
  return rules[action](actor, resource);
}

/**
 * May `actor` see other people's details (the member list, e-mail addresses)? Not a guest:
 * wherever a response names people, a guest gets display names only (`member.list`).
 */
export function seesMemberDetails(actor: Actor): boolean {
  return can(actor, 'member.list');
}

/**
 * What a share visitor (anyone holding a live, unlocked share link) may do, decided by the
 * share's settings alone (spec §6 "Share visitors can be granted comment and issue-handling
 * rights"). Kept next to `can` and pure, so the server's share routes and the share page agree.
 *
 * | action          | allowComments | issuePermission | allowDownload |
 * |-----------------|---------------|-----------------|---------------|
 * | share.view      | any           | any             | any           |  the model in the viewer
 * | share.download  | any           | any             | true          |  the uploaded original
 * | comment.view    | true          | any             | any           |
 * | comment.create  | true          | any             | any           |
 * | issue.view      | any           | any             | any           |
 * | issue.edit      | any           | edit            | any           |  "Issue Editing" only
 * | attachment.add  | any           | edit            | any           |  files on issues
 * | attachment.delete | any         | edit            | any           |  the visitor's own files
 */
export type ShareVisitorAction =
  | 'share.view'
  | 'share.download'
  | 'comment.view'
  | 'comment.create'
  | 'issue.view'
  | 'issue.edit'
  | 'attachment.add'
  | 'attachment.delete';

export const SHARE_VISITOR_ACTIONS: readonly ShareVisitorAction[] = [
  'share.view',
  'share.download',
  'comment.view',
  'comment.create',
  'issue.view',
  'issue.edit',
  'attachment.add',
  'attachment.delete',
];

export interface ShareVisitor {
  allowComments: boolean;
  issuePermission: 'edit' | 'view';
  /** "Allow download" of the share; absent counts as off (callers that never download). */
  allowDownload?: boolean;
}

const visitorRules: Record<ShareVisitorAction, (visitor: ShareVisitor) => boolean> = {
  'share.view': () => true,
  'share.download': (visitor) => visitor.allowDownload === true,
  'comment.view': (visitor) => visitor.allowComments,
  'comment.create': (visitor) => visitor.allowComments,
  'issue.view': () => true,
  'issue.edit': (visitor) => visitor.issuePermission === 'edit',
  // Files go on issues, so they follow "Issue Editing"; deleting is of the visitor's own files
  // (same share, same visitor key: the attachments service checks that).
  'attachment.add': (visitor) => visitor.issuePermission === 'edit',
  'attachment.delete': (visitor) => visitor.issuePermission === 'edit',
};

/** May a visitor of a share with these settings do `action`? */
export function canShareVisitor(visitor: ShareVisitor, action: ShareVisitorAction): boolean {
  return visitorRules[action](visitor);
}
