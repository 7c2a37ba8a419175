import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { authStore } from '../lib/auth-store';
import { guardLoader } from './guard';

const args = (path: string, params: Record<string, string> = {}): LoaderFunctionArgs => ({
  request: new Request(`http://localhost${path}`),
  url: new URL(`http://localhost${path}`),
  pattern: path,
  params,
  context: undefined,
});

afterEach(() => authStore.clear());

describe('guard prefetch', () => {
  it('an open page (a shared model) prefetches for a signed-out visitor', async () => {
    authStore.clear();
    const prefetch = vi.fn();
    const result = await guardLoader('page-share', { prefetch })(
      args('/share/abc', { token: 'abc' }),
    );
    expect(result).toBeNull();
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ params: { token: 'abc' } }));
  });

  it('a signed-in page sends a signed-out visitor to sign in and prefetches nothing', async () => {
    authStore.clear();
    const prefetch = vi.fn();
    await expect(
      guardLoader('model-id', { prefetch })(args('/model/1', { id: '1' })),
    ).rejects.toSatisfy(
      (response: unknown) => response instanceof Response && response.status === 302,
    );
    expect(prefetch).not.toHaveBeenCalled();
  });
});
