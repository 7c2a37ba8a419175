import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Tooltip } from 'radix-ui';
import { i18n } from '../../../lib/i18n';
import type { ViewerCommands } from '../useViewerCommands';
import type { ViewerSnapshot } from '../useViewerSnapshot';
import { ViewerToolbar } from './ViewerToolbar';

afterEach(cleanup);

const snapshot = {
  tool: 'select',
  selection: [3],
  hidden: [],
  isolated: null,
  xray: false,
  walking: false,
  projection: 'perspective',
  planes: [],
  box: null,
  measurements: [],
} as unknown as ViewerSnapshot;

describe('viewer toolbar on a phone (issue 35 item 4: no tool behind a sideways swipe)', () => {
  it('keeps the panels in the row and puts every other tool in the More menu', () => {
    const commands = new Proxy({} as ViewerCommands, {
      get: (target, prop: string) =>
        ((target as unknown as Record<string, unknown>)[prop] ??= vi.fn()),
    });
    render(
      <I18nextProvider i18n={i18n}>
        <Tooltip.Provider>
          <ViewerToolbar
            commands={commands}
            snapshot={snapshot}
            edges={false}
            colored={false}
            treeOpen={false}
            propertiesOpen={false}
            onToggleTree={() => undefined}
            onTogglePropertiesPanel={() => undefined}
            onScreenshot={() => undefined}
            onHelp={() => undefined}
            panels
          />
        </Tooltip.Provider>
      </I18nextProvider>,
    );
    // The phone row (outside the wide-only groups): fit, isolate, measure, the panels, More.
    const toolbar = screen.getByRole('toolbar', { name: 'Viewer tools' });
    const phoneRow = [...toolbar.querySelectorAll('button')]
      .filter((button) => !button.closest('.md\\:contents'))
      .map((button) => button.getAttribute('aria-label'));
    expect(phoneRow).toEqual([
      'Fit all',
      'Isolate selected',
      'Measure',
      'Model tree',
      'Properties',
      'More tools',
    ]);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'More tools' }), {
      button: 0,
      ctrlKey: false,
    });
    const menu = screen.getByTestId('viewer-more-menu');
    for (const label of [
      'Select',
      'Box select',
      'Show all',
      'X-ray',
      'Walk',
      'Section plane',
      'Keyboard shortcuts',
    ]) {
      expect(menu.textContent).toContain(label);
    }
    // The tool in use shows a check; the tools off show none.
    const checkIcon = (name: string) =>
      screen.getByRole('menuitemcheckbox', { name }).querySelector('svg');
    expect(checkIcon('Select')).not.toBeNull();
    expect(checkIcon('X-ray')).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Show all' }));
    expect(commands.showAll).toHaveBeenCalled();
  });
});
