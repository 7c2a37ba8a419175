import type { ProjectRole } from './project.ts';

/**
 * Every permission decision in Truss, as pure functions shared by the server (every route) and the
 * web app (what it shows). `actor.role` is the caller's role in the project, or null when the
 * caller is not a member (such callers get 404 from the server, never 403: they may not learn
 * that the project exists).
 *
 * | action                   | owner | admin            | member      |
 * |--------------------------|-------|------------------|-------------|
 * | project.view             | yes   | yes              | yes         |
 * | project.update           | yes   | yes              | no          |  name, description, icon colour
 * | project.delete           | yes   | no               | no          |  never the default project
 * | project.leave            | no    | yes              | yes         |  the creator cannot leave
 * | member.list              | yes   | yes              | yes         |
 * | member.invite            | yes   | yes (admin/member roles) | no  |
 * | member.changeRole        | yes   | yes, between admin and member, never the owner | no |
 * | member.remove            | yes   | yes, members and admins, never the owner | no |
 * | invitation.manage        | yes   | yes              | no          |  resend, cancel
 * | model.view               | yes   | yes              | yes         |
 * | model.upload             | yes   | yes              | yes         |
 * | model.rename / trash     | yes   | yes              | own models  |
 * | model.restore / move     | yes   | yes              | own models  |
 * | modelVersion.upload      | yes   | yes              | own models  |  a new version of a model
 * | modelVersion.update      | yes   | yes              | own models  |  message, make current
 * | modelVersion.delete      | yes   | yes              | own models  |  never the current one
 * | share.create             | yes   | yes              | yes         |
 * | share.manage             | yes   | yes              | own shares  |
 * | topic.view / create      | yes   | yes              | yes         |  comment threads and issues
 * | topic.counts             | yes   | yes              | yes         |  open issues per model (cards)
 * | topic.comment            | yes   | yes              | yes         |  reply on any topic
 * | topic.edit               | yes   | yes              | own topics  |  title, text, type, priority,
 * |                          |       |                  |             |  labels, due, stage, pin, links
 * | topic.assign             | yes   | yes              | own topics  |
 * | topic.setStatus          | yes   | yes              | own or assigned to them |
 * | topic.delete             | yes   | yes              | own topics  |
 * | topic.manageTypes        | yes   | yes              | no          |  extend the type list
 * | comment.edit / delete    | yes   | yes              | own comments |
 * | attachment.view / add    | yes   | yes              | yes         |  files on topics and comments
 * | attachment.delete        | yes   | yes              | own uploads |
 * | bcf.export               | yes   | yes              | yes         |
 * | bcf.import               | yes   | yes              | no          |  updates anyone's topics by GUID
 * | savedView.list / create  | yes   | yes              | yes         |  named views of a model
 * | savedView.rename / delete| yes   | yes              | own views   |
 * | element.query            | yes   | yes              | yes         |  property queries, export
 * | model.compare            | yes   | yes              | yes         |  diff of two versions
 * | savedQuery.list / create | yes   | yes              | yes         |  named queries of a project
 * | savedQuery.update / delete| yes  | yes              | own queries |
 *
 * A member therefore changes only the status of someone else's issue, and only when it is
 * assigned to them (the assignee resolves it); everything else on others' topics is the
 * creator's or a manager's, so one member cannot rewrite or reassign another's report.
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

const everyone: readonly ProjectRole[] = ['owner', 'admin', 'member'];
const managers: readonly ProjectRole[] = ['owner', 'admin'];

const ownOrManager = (actor: Actor, resource: PermissionResource): boolean =>
  actor.role !== null &&
  (managers.includes(actor.role) ||
    (resource.ownerId !== undefined && resource.ownerId === actor.userId));

function canGrant(actor: Actor, role: ProjectRole | undefined): boolean {
  if (role === undefined || role === 'owner') return false;
  return (
    actor.role === 'owner' || (actor.role === 'admin' && (role === 'admin' || role === 'member'))
  );
}

function canActOnMember(actor: Actor, resource: PermissionResource): boolean {
  const target = resource.target;
  if (!target || target.role === 'owner' || target.userId === actor.userId) return false;
  return actor.role === 'owner' || actor.role === 'admin';
}

const rules: Record<ProjectAction, (actor: Actor, resource: PermissionResource) => boolean> = {
  'project.view': (actor) => actor.role !== null && everyone.includes(actor.role),
  'project.update': (actor) => actor.role !== null && managers.includes(actor.role),
  'project.delete': (actor, resource) =>
    actor.role === 'owner' && resource.isDefaultProject !== true,
  'project.leave': (actor, resource) =>
    actor.role !== null && actor.role !== 'owner' && resource.creatorId !== actor.userId,
  'member.list': (actor) => actor.role !== null,
  'member.invite': (actor, resource) => canGrant(actor, resource.newRole ?? 'member'),
  'member.changeRole': (actor, resource) =>
    canActOnMember(actor, resource) && canGrant(actor, resource.newRole),
  'member.remove': canActOnMember,
  'invitation.manage': (actor) => actor.role !== null && managers.includes(actor.role),
  'model.view': (actor) => actor.role !== null,
  'model.upload': (actor) => actor.role !== null,
  'model.rename': ownOrManager,
  'model.trash': ownOrManager,
  'model.restore': ownOrManager,
  'model.move': ownOrManager,
  // Versions change what everyone sees of a model: the model's editors (as renaming it).
  'modelVersion.upload': ownOrManager,
  'modelVersion.update': ownOrManager,
  'modelVersion.delete': ownOrManager,
  'share.create': (actor) => actor.role !== null,
  'share.manage': ownOrManager,
  'topic.view': (actor) => actor.role !== null,
  'topic.counts': (actor) => actor.role !== null,
  'topic.create': (actor) => actor.role !== null,
  'topic.comment': (actor) => actor.role !== null,
  'topic.edit': ownOrManager,
  'topic.assign': ownOrManager,
  'topic.setStatus': (actor, resource) =>
    ownOrManager(actor, resource) ||
    (actor.role !== null && !!resource.assigneeId && resource.assigneeId === actor.userId),
  'topic.delete': ownOrManager,
  'topic.manageTypes': (actor) => actor.role !== null && managers.includes(actor.role),
  'comment.edit': ownOrManager,
  'comment.delete': ownOrManager,
  'attachment.view': (actor) => actor.role !== null,
  'attachment.add': (actor) => actor.role !== null,
  'attachment.delete': ownOrManager,
  'bcf.export': (actor) => actor.role !== null,
  'bcf.import': (actor) => actor.role !== null && managers.includes(actor.role),
  'savedView.list': (actor) => actor.role !== null,
  'savedView.create': (actor) => actor.role !== null,
  'savedView.rename': ownOrManager,
  'savedView.delete': ownOrManager,
  'element.query': (actor) => actor.role !== null,
  'model.compare': (actor) => actor.role !== null,
  'savedQuery.list': (actor) => actor.role !== null,
  'savedQuery.create': (actor) => actor.role !== null,
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
 */
export type ShareVisitorAction =
  'share.view' | 'share.download' | 'comment.view' | 'comment.create' | 'issue.view' | 'issue.edit';

export const SHARE_VISITOR_ACTIONS: readonly ShareVisitorAction[] = [
  'share.view',
  'share.download',
  'comment.view',
  'comment.create',
  'issue.view',
  'issue.edit',
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
};

/** May a visitor of a share with these settings do `action`? */
export function canShareVisitor(visitor: ShareVisitor, action: ShareVisitorAction): boolean {
  return visitorRules[action](visitor);
}
