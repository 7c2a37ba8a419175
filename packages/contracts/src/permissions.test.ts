import { describe, expect, it } from 'vitest';
import {
  can,
  canShareVisitor,
  PROJECT_ACTIONS,
  seesMemberDetails,
  SHARE_VISITOR_ACTIONS,
  type Actor,
  type ShareVisitor,
  type ShareVisitorAction,
  type PermissionResource,
  type ProjectAction,
} from './permissions.ts';
import type { ProjectRole } from './project.ts';

const SELF = 'self-user';
const OTHER = 'other-user';
type Role = ProjectRole | null;
type Row = Record<'owner' | 'admin' | 'member' | 'guest' | 'outsider', boolean>;

/** One resource per action, as a route would pass it; the acting user is SELF. */
const baseResource: Record<ProjectAction, PermissionResource> = {
  'project.view': {},
  'project.update': {},
  'project.delete': { isDefaultProject: false },
  'project.leave': { creatorId: OTHER },
  'member.list': {},
  'member.invite': { newRole: 'member' },
  'member.changeRole': { target: { userId: OTHER, role: 'member' }, newRole: 'admin' },
  'member.remove': { target: { userId: OTHER, role: 'member' } },
  'invitation.manage': {},
  'model.view': {},
  'model.upload': {},
  'model.rename': { ownerId: OTHER },
  'model.trash': { ownerId: OTHER },
  'model.restore': { ownerId: OTHER },
  'model.move': { ownerId: OTHER },
  'modelVersion.upload': { ownerId: OTHER },
  'modelVersion.update': { ownerId: OTHER },
  'modelVersion.delete': { ownerId: OTHER },
  'share.create': {},
  'share.manage': { ownerId: OTHER },
  'topic.view': {},
  'topic.counts': {},
  'topic.create': {},
  'topic.comment': {},
  'topic.edit': { ownerId: OTHER },
  'topic.assign': { ownerId: OTHER },
  'topic.setStatus': { ownerId: OTHER, assigneeId: OTHER },
  'topic.delete': { ownerId: OTHER },
  'topic.manageTypes': {},
  'comment.edit': { ownerId: OTHER },
  'comment.delete': { ownerId: OTHER },
  'attachment.view': {},
  'attachment.add': {},
  'attachment.delete': { ownerId: OTHER },
  'bcf.export': {},
  'bcf.import': {},
  'savedView.list': {},
  'savedView.create': {},
  'savedView.rename': { ownerId: OTHER },
  'savedView.delete': { ownerId: OTHER },
  'element.query': {},
  'model.compare': {},
  'savedQuery.list': {},
  'savedQuery.create': {},
  'savedQuery.update': { ownerId: OTHER },
  'savedQuery.delete': { ownerId: OTHER },
};

const table: Record<ProjectAction, Row> = {
  'project.view': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'project.update': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'project.delete': { owner: true, admin: false, member: false, guest: false, outsider: false },
  'project.leave': { owner: false, admin: true, member: true, guest: true, outsider: false },
  'member.list': { owner: true, admin: true, member: true, guest: false, outsider: false },
  'member.invite': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'member.changeRole': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'member.remove': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'invitation.manage': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'model.view': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'model.upload': { owner: true, admin: true, member: true, guest: false, outsider: false },
  'model.rename': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'model.trash': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'model.restore': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'model.move': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'modelVersion.upload': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'modelVersion.update': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'modelVersion.delete': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'share.create': { owner: true, admin: true, member: true, guest: false, outsider: false },
  'share.manage': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'topic.view': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'topic.counts': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'topic.create': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'topic.comment': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'topic.edit': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'topic.assign': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'topic.setStatus': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'topic.delete': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'topic.manageTypes': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'comment.edit': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'comment.delete': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'attachment.view': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'attachment.add': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'attachment.delete': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'bcf.export': { owner: true, admin: true, member: true, guest: false, outsider: false },
  'bcf.import': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'savedView.list': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'savedView.create': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'savedView.rename': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'savedView.delete': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'element.query': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'model.compare': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'savedQuery.list': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'savedQuery.create': { owner: true, admin: true, member: true, guest: true, outsider: false },
  'savedQuery.update': { owner: true, admin: true, member: false, guest: false, outsider: false },
  'savedQuery.delete': { owner: true, admin: true, member: false, guest: false, outsider: false },
};

const roles: [keyof Row, Role][] = [
  ['owner', 'owner'],
  ['admin', 'admin'],
  ['member', 'member'],
  ['guest', 'guest'],
  ['outsider', null],
];

const actor = (role: Role): Actor => ({ userId: SELF, role });

/** What a member may do to a model or share recorded as theirs (and a guest may not). */
const OWN_MODEL_AND_SHARE_ACTIONS = [
  'model.rename',
  'model.trash',
  'model.restore',
  'model.move',
  'modelVersion.upload',
  'modelVersion.update',
  'modelVersion.delete',
  'share.manage',
] as const;

describe('can(actor, action, resource): every role x every action', () => {
  it('the table names every action', () => {
    expect(Object.keys(table).sort()).toEqual([...PROJECT_ACTIONS].sort());
  });

  for (const action of PROJECT_ACTIONS) {
    for (const [column, role] of roles) {
      it(`${column} ${table[action][column] ? 'may' : 'may not'} ${action}`, () => {
        expect(can(actor(role), action, baseResource[action])).toBe(table[action][column]);
      });
    }
  }
});

describe('edge rules', () => {
  it('members update and delete their own saved queries, not those of others', () => {
    for (const action of ['savedQuery.update', 'savedQuery.delete'] as const) {
      expect(can(actor('member'), action, { ownerId: SELF })).toBe(true);
      expect(can(actor('member'), action, { ownerId: OTHER })).toBe(false);
      expect(can(actor(null), action, { ownerId: SELF })).toBe(false);
    }
  });

  it('members may rename, trash, restore, move and version their own models and manage their own shares', () => {
    for (const action of OWN_MODEL_AND_SHARE_ACTIONS) {
      expect(can(actor('member'), action, { ownerId: SELF })).toBe(true);
      expect(can(actor(null), action, { ownerId: SELF })).toBe(false);
    }
  });

  it('members edit, assign, delete their own topics and comments; outsiders nothing', () => {
    for (const action of [
      'topic.edit',
      'topic.assign',
      'topic.setStatus',
      'topic.delete',
      'comment.edit',
      'comment.delete',
      'attachment.delete',
    ] as const) {
      expect(can(actor('member'), action, { ownerId: SELF })).toBe(true);
      expect(can(actor(null), action, { ownerId: SELF })).toBe(false);
    }
  });

  it("a member changes the status of someone else's issue only when assigned to it", () => {
    expect(can(actor('member'), 'topic.setStatus', { ownerId: OTHER, assigneeId: SELF })).toBe(
      true,
    );
    expect(can(actor('member'), 'topic.setStatus', { ownerId: OTHER, assigneeId: null })).toBe(
      false,
    );
    expect(can(actor('member'), 'topic.edit', { ownerId: OTHER, assigneeId: SELF })).toBe(false);
    expect(can(actor('member'), 'topic.assign', { ownerId: OTHER, assigneeId: SELF })).toBe(false);
    expect(can(actor(null), 'topic.setStatus', { ownerId: OTHER, assigneeId: SELF })).toBe(false);
  });

  it('a guest changes the status of an issue assigned to them, and nothing else of it', () => {
    const assigned = { ownerId: OTHER, assigneeId: SELF };
    expect(can(actor('guest'), 'topic.setStatus', assigned)).toBe(true);
    expect(can(actor('guest'), 'topic.comment', assigned)).toBe(true);
    expect(can(actor('guest'), 'topic.edit', assigned)).toBe(false);
    expect(can(actor('guest'), 'topic.assign', assigned)).toBe(false);
    expect(can(actor('guest'), 'topic.delete', assigned)).toBe(false);
  });

  it('a guest edits and deletes their own topics, comments and views but assigns nothing', () => {
    for (const action of [
      'topic.edit',
      'topic.setStatus',
      'topic.delete',
      'comment.edit',
      'comment.delete',
      'savedView.rename',
      'savedView.delete',
      'savedQuery.update',
      'savedQuery.delete',
    ] as const) {
      expect(can(actor('guest'), action, { ownerId: SELF })).toBe(true);
    }
    expect(can(actor('guest'), 'topic.assign', { ownerId: SELF })).toBe(false);
  });

  it('a guest manages no model or share, not even one recorded as theirs', () => {
    for (const action of OWN_MODEL_AND_SHARE_ACTIONS) {
      expect(can(actor('guest'), action, { ownerId: SELF })).toBe(false);
    }
  });

  it('owners and admins invite guests and move people to and from guest; guests invite nobody', () => {
    expect(can(actor('owner'), 'member.invite', { newRole: 'guest' })).toBe(true);
    expect(can(actor('admin'), 'member.invite', { newRole: 'guest' })).toBe(true);
    expect(can(actor('member'), 'member.invite', { newRole: 'guest' })).toBe(false);
    expect(can(actor('guest'), 'member.invite', { newRole: 'guest' })).toBe(false);
    const toGuest = {
      target: { userId: OTHER, role: 'member' as const },
      newRole: 'guest' as const,
    };
    expect(can(actor('admin'), 'member.changeRole', toGuest)).toBe(true);
    const fromGuest = {
      target: { userId: OTHER, role: 'guest' as const },
      newRole: 'member' as const,
    };
    expect(can(actor('admin'), 'member.changeRole', fromGuest)).toBe(true);
    expect(can(actor('admin'), 'member.remove', { target: fromGuest.target })).toBe(true);
  });

  it('only the team sees member details (names and e-mail addresses)', () => {
    expect(seesMemberDetails(actor('owner'))).toBe(true);
    expect(seesMemberDetails(actor('member'))).toBe(true);
    expect(seesMemberDetails(actor('guest'))).toBe(false);
    expect(seesMemberDetails(actor(null))).toBe(false);
  });

  it('nobody deletes the default project', () => {
    expect(can(actor('owner'), 'project.delete', { isDefaultProject: true })).toBe(false);
  });

  it('the creator cannot leave even when not the owner', () => {
    expect(can(actor('admin'), 'project.leave', { creatorId: SELF })).toBe(false);
  });

  it('nobody acts on the owner, on themselves, or grants owner', () => {
    const onOwner = {
      target: { userId: OTHER, role: 'owner' as const },
      newRole: 'member' as const,
    };
    expect(can(actor('admin'), 'member.remove', onOwner)).toBe(false);
    expect(can(actor('admin'), 'member.changeRole', onOwner)).toBe(false);
    const onSelf = { target: { userId: SELF, role: 'admin' as const }, newRole: 'member' as const };
    expect(can(actor('owner'), 'member.changeRole', onSelf)).toBe(false);
    expect(can(actor('owner'), 'member.remove', onSelf)).toBe(false);
    const toOwner = {
      target: { userId: OTHER, role: 'member' as const },
      newRole: 'owner' as const,
    };
    expect(can(actor('owner'), 'member.changeRole', toOwner)).toBe(false);
    expect(can(actor('owner'), 'member.invite', { newRole: 'owner' })).toBe(false);
  });

  it('admins remove admins and invite admins; members invite nobody', () => {
    const onAdmin = { target: { userId: OTHER, role: 'admin' as const } };
    expect(can(actor('admin'), 'member.remove', onAdmin)).toBe(true);
    expect(can(actor('admin'), 'member.invite', { newRole: 'admin' })).toBe(true);
    expect(can(actor('member'), 'member.invite', { newRole: 'member' })).toBe(false);
  });
});

describe('canShareVisitor(visitor, action): every share setting x every action', () => {
  type Column = 'comments+edit' | 'comments+view' | 'none+edit' | 'none+view' | 'download';
  const visitors: Record<Column, ShareVisitor> = {
    'comments+edit': { allowComments: true, issuePermission: 'edit', allowDownload: false },
    'comments+view': { allowComments: true, issuePermission: 'view', allowDownload: false },
    'none+edit': { allowComments: false, issuePermission: 'edit', allowDownload: false },
    'none+view': { allowComments: false, issuePermission: 'view' },
    download: { allowComments: false, issuePermission: 'view', allowDownload: true },
  };
  // prettier-ignore
  const table: Record<ShareVisitorAction, Record<Column, boolean>> = {
    //                 comments+edit  comments+view  none+edit  none+view  download
    'share.view':     { 'comments+edit': true,  'comments+view': true,  'none+edit': true,  'none+view': true,  download: true  },
    'share.download': { 'comments+edit': false, 'comments+view': false, 'none+edit': false, 'none+view': false, download: true  },
    'comment.view':   { 'comments+edit': true,  'comments+view': true,  'none+edit': false, 'none+view': false, download: false },
    'comment.create': { 'comments+edit': true,  'comments+view': true,  'none+edit': false, 'none+view': false, download: false },
    'issue.view':     { 'comments+edit': true,  'comments+view': true,  'none+edit': true,  'none+view': true,  download: true  },
    'issue.edit':     { 'comments+edit': true,  'comments+view': false, 'none+edit': true,  'none+view': false, download: false },
    'attachment.add': { 'comments+edit': true,  'comments+view': false, 'none+edit': true,  'none+view': false, download: false },
    'attachment.delete': { 'comments+edit': true, 'comments+view': false, 'none+edit': true, 'none+view': false, download: false },
  };

  it('the table names every visitor action', () => {
    expect(Object.keys(table).sort()).toEqual([...SHARE_VISITOR_ACTIONS].sort());
  });

  for (const action of SHARE_VISITOR_ACTIONS) {
    for (const column of Object.keys(visitors) as Column[]) {
      it(`${column} ${table[action][column] ? 'may' : 'may not'} ${action}`, () => {
        expect(canShareVisitor(visitors[column], action)).toBe(table[action][column]);
      });
    }
  }
});
