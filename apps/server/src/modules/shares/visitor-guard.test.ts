import { SHARE_VISITOR_ACTIONS, canShareVisitor } from '@truss/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { assertShareVisitorCan } from './access-service.ts';

describe('assertShareVisitorCan: the server guard over canShareVisitor', () => {
  const settings = [
    { allow_comments: true, issue_permission: 'edit' as const, allow_download: true },
    { allow_comments: true, issue_permission: 'view' as const, allow_download: false },
    { allow_comments: false, issue_permission: 'edit' as const, allow_download: false },
    { allow_comments: false, issue_permission: 'view' as const, allow_download: true },
  ];

  for (const share of settings) {
    for (const action of SHARE_VISITOR_ACTIONS) {
      const allowed = canShareVisitor(
        {
          allowComments: share.allow_comments,
          issuePermission: share.issue_permission,
          allowDownload: share.allow_download,
        },
        action,
      );
      it(`comments ${share.allow_comments ? 'on' : 'off'}, issues ${share.issue_permission}, download ${share.allow_download ? 'on' : 'off'}: ${action} ${allowed ? 'passes' : '403'}`, () => {
        if (allowed) {
          expect(() => assertShareVisitorCan(share, action)).not.toThrow();
        } else {
          let thrown: unknown;
          try {
            assertShareVisitorCan(share, action);
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(AppError);
          expect((thrown as AppError).statusCode).toBe(403);
          expect((thrown as AppError).code).toBe('FORBIDDEN');
        }
      });
    }
  }

  it('view-only shares refuse issue edits; no-comment shares refuse comments; downloads need the option', () => {
    expect(() => assertShareVisitorCan(settings[1]!, 'share.download')).toThrow(AppError);
    expect(() => assertShareVisitorCan(settings[3]!, 'share.download')).not.toThrow();
    expect(() => assertShareVisitorCan(settings[1]!, 'issue.edit')).toThrow(AppError);
    expect(() => assertShareVisitorCan(settings[2]!, 'comment.create')).toThrow(AppError);
    expect(() => assertShareVisitorCan(settings[0]!, 'issue.edit')).not.toThrow();
  });
});
