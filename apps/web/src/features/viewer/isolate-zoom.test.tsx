import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { Viewer } from './engine';
import { useViewerCommands } from './useViewerCommands';

describe('Isolate (issue 35 item 4)', () => {
  it('isolates the selection and zooms to it; nothing selected does nothing', () => {
    let selection = [4, 9];
    const viewer = {
      selection: { get: () => selection },
      visibility: { isolate: vi.fn() },
      navigation: { fitElements: vi.fn() },
    } as unknown as Viewer;
    const { result } = renderHook(() => useViewerCommands(viewer, null, null, () => undefined));
    result.current.commands?.isolate();
    expect(viewer.visibility.isolate).toHaveBeenCalledWith([4, 9]);
    expect(viewer.navigation.fitElements).toHaveBeenCalledWith([4, 9], true);
    selection = [];
    result.current.commands?.isolate();
    expect(viewer.navigation.fitElements).toHaveBeenCalledTimes(1);
  });
});
