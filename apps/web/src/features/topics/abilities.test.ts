import { describe, expect, it } from 'vitest';
import type { Topic, TopicComment } from '@truss/contracts';
import { memberAbilities, visitorAbilities } from './abilities';

const me = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const topic = (author: string, assignee: string | null = null, kind: Topic['kind'] = 'issue') =>
  ({ kind, author: { user_id: author, name: 'x' }, assignee_id: assignee }) as Topic;
const comment = (author: string) => ({ author: { user_id: author, name: 'x' } }) as TopicComment;

describe('topic abilities', () => {
  it('members: everything on their own topics, status only when assigned on others', () => {
    const member = memberAbilities({ role: 'member' }, me);
    expect(member.createIssue && member.createComment && member.reply).toBe(true);
    expect(member.topic(topic(me))).toEqual({
      edit: true,
      assign: true,
      status: true,
      remove: true,
    });
    expect(member.topic(topic(other))).toEqual({
      edit: false,
      assign: false,
      status: false,
      remove: false,
    });
    expect(member.topic(topic(other, me)).status).toBe(true);
    expect(member.comment(comment(me))).toEqual({ edit: true, remove: true });
    expect(member.comment(comment(other))).toEqual({ edit: false, remove: false });
  });

  it('admins and owners: everything on every topic', () => {
    for (const role of ['admin', 'owner'] as const) {
      const a = memberAbilities({ role }, me);
      expect(a.topic(topic(other))).toEqual({
        edit: true,
        assign: true,
        status: true,
        remove: true,
      });
      expect(a.comment(comment(other)).remove).toBe(true);
    }
  });

  it('outsiders and signed-out users: nothing', () => {
    const none = memberAbilities(null, me);
    expect(none.createIssue || none.createComment || none.reply).toBe(false);
    expect(none.topic(topic(me)).edit).toBe(false);
  });

  it('share visitors follow the share: comments on/off, Issue Editing / View Only', () => {
    const viewOnly = visitorAbilities({
      view: true,
      download: false,
      comment: false,
      editIssues: false,
    });
    expect([viewOnly.createIssue, viewOnly.createComment, viewOnly.reply]).toEqual([
      false,
      false,
      false,
    ]);
    expect(viewOnly.topic(topic(other)).status).toBe(false);

    const commenting = visitorAbilities({
      view: true,
      download: false,
      comment: true,
      editIssues: false,
    });
    expect([commenting.createIssue, commenting.createComment, commenting.reply]).toEqual([
      false,
      true,
      true,
    ]);
    expect(commenting.topic(topic(other)).edit).toBe(false);

    const editing = visitorAbilities({
      view: true,
      download: false,
      comment: false,
      editIssues: true,
    });
    expect(editing.createIssue).toBe(true);
    expect(editing.reply).toBe(false);
    expect(editing.topic(topic(other))).toEqual({
      edit: true,
      assign: false,
      status: true,
      remove: false,
    });
    // Comment threads are not issues: "Issue Editing" does not reach them.
    expect(editing.topic(topic(other, null, 'comment')).edit).toBe(false);
    expect(editing.comment(comment(other))).toEqual({ edit: false, remove: false });
  });
});
