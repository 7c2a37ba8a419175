import { describe, expect, it } from 'vitest';
import { MeasureTool } from './measure-tool.ts';

describe('the measure tools', () => {
  it('makes a distance from two clicks and nothing in pan mode', () => {
    const tool = new MeasureTool('mm', 'en');
    expect(tool.click([0, 0], false)).toBeNull();
    tool.setTool('distance');
    expect(tool.click([0, 0], false)).toBeNull();
    const event = tool.click([300, 400], false);
    expect(event).toMatchObject({ type: 'measure' });
    expect(tool.measurements).toHaveLength(1);
    expect(tool.measurements[0]).toMatchObject({ kind: 'distance', value: 500, text: '500 mm' });
    expect(tool.draft).toEqual([]);
  });

  it('closes an area on a double click, dropping the repeated point', () => {
    const tool = new MeasureTool('m', 'en');
    tool.setTool('area');
    tool.click([0, 0], false);
    tool.click([4, 0], false);
    tool.click([4, 3], false);
    // A double click: its first click adds the point, the second closes.
    tool.click([0, 3], false);
    tool.click([0, 3], true);
    expect(tool.measurements[0]).toMatchObject({ kind: 'area', value: 12, text: '12 m²' });
    expect(tool.measurements[0]!.points).toHaveLength(4);
    // Two points are no area.
    tool.click([0, 0], false);
    tool.click([1, 0], false);
    expect(tool.finishArea()).toBeNull();
    expect(tool.measurements).toHaveLength(1);
  });

  it('calibrates from a known length and re-values what was measured', () => {
    const tool = new MeasureTool('unitless', 'en');
    tool.setTool('distance');
    tool.click([0, 0], false);
    tool.click([20, 0], false);
    expect(tool.measurements[0]!.text).toBe('20');
    expect(() => tool.calibrate(1, 'm')).toThrow(/calibrate tool/);
    tool.setTool('calibrate');
    tool.click([0, 0], false);
    expect(tool.click([10, 0], false)).toEqual({ type: 'calibrationpick', length: 10 });
    tool.calibrate(2.5, 'm');
    expect(tool.measurements[0]).toMatchObject({ value: 5, unit: 'm', text: '5 m' });
    tool.resetCalibration();
    expect(tool.measurements[0]).toMatchObject({ value: 20, unit: 'unitless' });
  });
});
