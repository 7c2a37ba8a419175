import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOnOpen } from './use-on-open';

describe('useOnOpen', () => {
  it('runs the latest callback each time open turns true, and only then', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ open, onOpen }) => useOnOpen(open, onOpen), {
      initialProps: { open: false, onOpen: first },
    });
    expect(first).not.toHaveBeenCalled();
    rerender({ open: true, onOpen: first });
    expect(first).toHaveBeenCalledTimes(1);
    rerender({ open: true, onOpen: second }); // re-render while open: no second run
    expect(second).not.toHaveBeenCalled();
    rerender({ open: false, onOpen: second });
    rerender({ open: true, onOpen: second });
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });
});
