import { describe, expect, it } from 'vitest';
import type { PublicShare } from '@truss/contracts';
import { ApiError } from '../../lib/http';
import { i18n, loadLanguage } from '../../lib/i18n';
import { verifyErrorKey, verifyErrorText } from './components/ShareCodePrompt';
import { shareView } from './components/SharePage';

const base: PublicShare = {
  token: 't',
  type: 'password',
  needs_code: true,
  unlocked: false,
  code_locked: false,
  model: null,
  permissions: { view: true, download: true, comment: true, editIssues: false },
  expires_at: null,
};
const model = {
  name: 'Duck.glb',
  urn: 'urn:truss:model:x',
  format: 'glb',
  status: 'ready' as const,
  viewable_url: '/api/share/t/viewable.glb',
  metadata_url: '/api/share/t/metadata.json',
  thumbnail_url: null,
  sheets_url: null,
  original_url: null,
  version: 1,
  pinned: false,
};
const apiError = (code: string, statusCode: number) =>
  new ApiError({ statusCode, statusMessage: '', message: code, code });

describe('share page state', () => {
  it('maps the server answers to what the page shows', () => {
    expect(shareView(undefined, null)).toBe('loading');
    expect(shareView(undefined, apiError('SHARE_NOT_FOUND', 404))).toBe('not-found');
    expect(shareView(undefined, apiError('SHARE_SIGN_IN_REQUIRED', 401))).toBe('sign-in');
    expect(shareView(undefined, apiError('FORBIDDEN', 403))).toBe('denied');
    expect(shareView(undefined, apiError('INTERNAL_ERROR', 500))).toBe('error');
    expect(shareView(base, null)).toBe('code');
    const open = { ...base, needs_code: false, unlocked: true };
    expect(shareView({ ...open, model }, null)).toBe('viewer');
    expect(shareView({ ...open, model: { ...model, status: 'processing' } }, null)).toBe(
      'processing',
    );
    expect(shareView({ ...open, model: { ...model, status: 'failed' } }, null)).toBe('unavailable');
    expect(shareView({ ...open, model: { ...model, status: 'unavailable' } }, null)).toBe(
      'unavailable',
    );
    expect(shareView({ ...open, model: { ...model, viewable_url: null } }, null)).toBe('unknown');
    // A drawing: no glb, its sheets.
    const drawing = {
      ...model,
      format: 'pdf',
      viewable_url: null,
      sheets_url: '/api/share/t/sheets',
    };
    expect(shareView({ ...open, model: drawing }, null)).toBe('viewer');
    expect(shareView(open, null)).toBe('unknown');
  });

  it('a refetch that failed (disabled meanwhile) wins over the data from before', () => {
    const open = { ...base, needs_code: false, unlocked: true, model };
    expect(shareView(open, apiError('SHARE_NOT_FOUND', 404))).toBe('not-found');
  });

  it('says Incorrect Password, Too many operations, locked, or Verification Failed', () => {
    expect(verifyErrorKey(apiError('SHARE_INCORRECT_CODE', 403))).toBe(
      'errors.SHARE_INCORRECT_CODE',
    );
    expect(verifyErrorKey(apiError('TOO_MANY_REQUESTS', 429))).toBe('errors.TOO_MANY_REQUESTS');
    expect(verifyErrorKey(apiError('SHARE_CODE_LOCKED', 423))).toBe('errors.SHARE_CODE_LOCKED');
    expect(verifyErrorKey(apiError('SHARE_CODE_DELAYED', 429))).toBe('errors.SHARE_CODE_DELAYED');
    expect(verifyErrorKey(apiError('INTERNAL_ERROR', 500))).toBe('errors.SHARE_VERIFY_FAILED');
    expect(verifyErrorKey(new Error('offline'))).toBe('errors.SHARE_VERIFY_FAILED');
  });

  it('keeps the spec text "Incorrect Password" and says it is the access code (issue 35)', async () => {
    await loadLanguage('zh-CN');
    const en = i18n.getFixedT('en');
    expect(verifyErrorText('errors.SHARE_INCORRECT_CODE', en)).toBe(
      'Incorrect Password: this access code is not right. Check the 4 digits with whoever sent you the link.',
    );
    expect(verifyErrorText('errors.SHARE_INCORRECT_CODE', i18n.getFixedT('zh-CN'))).toBe(
      '密码错误：访问码不正确。请向发送链接的人核对这 4 位数字。',
    );
    expect(verifyErrorText('errors.SHARE_VERIFY_FAILED', en)).toBe('Verification Failed');
  });
});
