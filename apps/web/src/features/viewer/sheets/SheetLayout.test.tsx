import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Sheet } from '@truss/contracts';
import { useSheetLayout } from './SheetLayout';

const sheet = { id: 's1' } as Sheet;
const withSheets = { sheets: [sheet] };

describe('useSheetLayout (issue 36: beside the 3D on a wide screen, one at a time on a phone)', () => {
  it('shows the 3D view and the sheets side by side on a wide screen, no switch', () => {
    const { result } = renderHook(() => useSheetLayout(withSheets, false, false));
    expect(result.current).toMatchObject({ show3d: true, showSheets: true, switching: false });
  });

  it('on a phone shows one at a time, the 3D first, switched', () => {
    const { result } = renderHook(() => useSheetLayout(withSheets, false, true));
    expect(result.current).toMatchObject({ show3d: true, showSheets: false, switching: true });
    act(() => result.current.setPhoneRegion('sheets'));
    expect(result.current).toMatchObject({ show3d: false, showSheets: true, mount3d: true });
  });

  it('a drawing alone has no 3D view and no switch, a 3D model without sheets no sheet view', () => {
    const drawing = renderHook(() => useSheetLayout(withSheets, true, true)).result.current;
    expect(drawing).toMatchObject({ mount3d: false, show3d: false, showSheets: true });
    expect(drawing.switching).toBe(false);
    const model = renderHook(() => useSheetLayout({ sheets: [] }, false, true)).result.current;
    expect(model).toMatchObject({ show3d: true, showSheets: false, switching: false });
  });
});
