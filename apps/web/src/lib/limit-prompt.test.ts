import { afterEach, describe, expect, it } from 'vitest';
import { MutationCache } from '@tanstack/react-query';
import { ApiError } from './http';
import { currentLimit, dismissLimit, reportLimit } from './limit-prompt';
import { queryClient } from './query-client';

const refusal = (code: string, statusCode = 403) =>
  new ApiError({ statusCode, statusMessage: code, message: code, code });

afterEach(dismissLimit);

describe('the upgrade prompt', () => {
  it('opens for each plan-limit code, naming it', () => {
    for (const code of [
      'PROJECT_LIMIT_EXCEEDED',
      'MEMBER_LIMIT_EXCEEDED',
      'MODEL_LIMIT_EXCEEDED',
      'STORAGE_LIMIT_EXCEEDED',
    ]) {
      expect(reportLimit(refusal(code))).toBe(true);
      expect(currentLimit()).toBe(code);
    }
    // tus uploads report the bare code
    dismissLimit();
    expect(reportLimit('STORAGE_LIMIT_EXCEEDED')).toBe(true);
    expect(currentLimit()).toBe('STORAGE_LIMIT_EXCEEDED');
  });

  it('stays closed for every other error', () => {
    for (const error of [
      refusal('FORBIDDEN'),
      refusal('VALIDATION_ERROR', 400),
      new Error('PROJECT_LIMIT_EXCEEDED'),
      'NOT_A_CODE',
      null,
    ]) {
      expect(reportLimit(error)).toBe(false);
    }
    expect(currentLimit()).toBeNull();
  });

  it('any failed mutation of the app reaches it', async () => {
    expect(queryClient.getMutationCache()).toBeInstanceOf(MutationCache);
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.reject(refusal('MEMBER_LIMIT_EXCEEDED')),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(currentLimit()).toBe('MEMBER_LIMIT_EXCEEDED');
  });
});
