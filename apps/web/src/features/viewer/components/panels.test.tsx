import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ModelMetadata } from '@truss/viewable';
import { i18n } from '../../../lib/i18n';
import { clearToasts, getToasts } from '../../../lib/toast';
import type { Viewer } from '../engine';
import { sampleMetadata } from '../testing/fixture';
import { createElementTree } from '../tree';
import { ModelTreePanel } from './ModelTreePanel';
import { PropertiesPanel } from './PropertiesPanel';

afterEach(() => {
  cleanup();
  clearToasts();
});

/** The part of the engine the tree uses, recording calls. */
function fakeViewer(selected: number[] = []) {
  const viewer = {
    selection: { get: vi.fn(() => selected), set: vi.fn(), clear: vi.fn() },
    visibility: { hide: vi.fn(), show: vi.fn(), isolate: vi.fn(), showAll: vi.fn() },
    navigation: { fitElements: vi.fn() },
  };
  return { viewer, engine: viewer as unknown as Viewer };
}

function renderTree(
  metadata: ModelMetadata,
  props: { hidden?: number[]; selection?: number[] } = {},
) {
  const { viewer, engine } = fakeViewer(props.selection);
  const onFocusNode = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ModelTreePanel
        viewer={engine}
        metadata={metadata}
        tree={createElementTree(metadata)}
        selection={props.selection ?? []}
        hidden={props.hidden ?? []}
        isolated={null}
        onFocusNode={onFocusNode}
      />
    </I18nextProvider>,
  );
  return { viewer, onFocusNode };
}

const row = (name: string) => screen.getByText(name).closest('[role="treeitem"]') as HTMLElement;
const sorted = (ids: unknown) => [...(ids as number[])].sort((a, b) => a - b);

describe('model tree panel', () => {
  it('opens the path to the storeys; a click selects the subtree, a double-click fits it', () => {
    const { viewer, onFocusNode } = renderTree(sampleMetadata());
    expect(screen.getByText('Duplex')).toBeTruthy();
    expect(screen.getByText('Ground Floor')).toBeTruthy();
    expect(screen.queryByText('Door 900')).toBeNull();
    fireEvent.click(row('Ground Floor'));
    expect(sorted(viewer.selection.set.mock.calls[0]![0])).toEqual([3, 5, 6, 7]);
    expect(onFocusNode).toHaveBeenCalledWith(3, 4);
    fireEvent.doubleClick(row('First Floor'));
    expect(sorted(viewer.navigation.fitElements.mock.calls[0]![0])).toEqual([4, 8]);
  });

  it('the eye hides a node with everything under it, and shows it again', () => {
    const first = renderTree(sampleMetadata());
    fireEvent.click(
      row('Ground Floor').querySelector('button[aria-label="Hide"]') as HTMLButtonElement,
    );
    expect(sorted(first.viewer.visibility.hide.mock.calls[0]![0])).toEqual([3, 5, 6, 7]);
    cleanup();
    const second = renderTree(sampleMetadata(), { hidden: [5, 6, 7] });
    fireEvent.click(
      row('Ground Floor').querySelector('button[aria-label="Show"]') as HTMLButtonElement,
    );
    expect(sorted(second.viewer.visibility.show.mock.calls[0]![0])).toEqual([3, 5, 6, 7]);
  });

  it('search lists the matches with their path opened', async () => {
    renderTree(sampleMetadata());
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'door' } });
    await waitFor(() => expect(screen.getByText('Door 900')).toBeTruthy());
    expect(screen.getByText('1 match')).toBeTruthy();
    expect(screen.queryByText('First Floor')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByText('Nothing matches the search.')).toBeTruthy());
  });

  it('works from the keyboard: arrows move, Right opens, Enter selects', () => {
    const { viewer } = renderTree(sampleMetadata());
    const list = screen.getByRole('tree');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(list.getAttribute('aria-activedescendant')).toBe('tree-row-3');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByText('Door 900')).toBeTruthy();
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(viewer.selection.set).toHaveBeenLastCalledWith([5]);
  });

  it('a selection made in the view opens its path', async () => {
    renderTree(sampleMetadata(), { selection: [8] });
    await waitFor(() =>
      expect(row('Basic Wall:Exterior').getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('draws only the rows in view of a 50 000-element list', () => {
    const base = sampleMetadata();
    const count = 50_000;
    const flat: ModelMetadata = {
      ...base,
      storeys: [],
      strings: ['IfcProject', 'IfcWall'],
      elements: {
        count,
        type: Array.from({ length: count }, (_, i) => (i === 0 ? 0 : 1)),
        name: new Array<number>(count).fill(-1),
        parent: Array.from({ length: count }, (_, i) => (i === 0 ? -1 : 0)),
        triangles: Array.from({ length: count }, (_, i) => (i === 0 ? 0 : 2)),
        bbox: [],
        bboxStep: 0.001,
      },
      properties: { values: [], sets: [], elements: [] },
    };
    renderTree(flat);
    expect(screen.getByText('50,000 elements')).toBeTruthy();
    const drawn = screen.getAllByRole('treeitem').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(100);
  });
});

describe('properties panel', () => {
  const renderPanel = (
    elementId: number | null,
    selection: number[],
    onColorBy?: (key: unknown) => void,
  ) =>
    render(
      <I18nextProvider i18n={i18n}>
        <PropertiesPanel
          metadata={sampleMetadata()}
          elementId={elementId}
          selection={selection}
          loaded
          {...(onColorBy ? { onColorBy } : {})}
        />
      </I18nextProvider>,
    );

  it('colours the model by a property from its row; names and ids offer no colouring', () => {
    const onColorBy = vi.fn();
    renderPanel(5, [5], onColorBy);
    fireEvent.click(screen.getByRole('button', { name: 'Colour the model by IsExternal' }));
    expect(onColorBy).toHaveBeenCalledWith({
      kind: 'property',
      setKind: 'pset',
      set: 'Pset_WallCommon',
      name: 'IsExternal',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Colour the model by Type' }));
    expect(onColorBy).toHaveBeenLastCalledWith({ kind: 'type' });
    expect(screen.queryByRole('button', { name: 'Colour the model by GlobalId' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Colour the model by Name' })).toBeNull();
  });

  it('shows attributes and sets with units, collapsible', () => {
    renderPanel(5, [5]);
    expect(screen.getByText('2O2Fr$t4X7Zf8NOew3FLOH')).toBeTruthy();
    // Once in its quantity set, once in the summary above the sets.
    expect(screen.getAllByText('12.3457 m²')).toHaveLength(2);
    const pset = screen.getByRole('button', { name: /Pset_WallCommon/ });
    expect(pset.getAttribute('aria-expanded')).toBe('true');
    // CamelCase names wrap between their words, never inside one
    const name = screen.getByText('IsExternal');
    expect(name.innerHTML).toBe('Is<wbr>External');
    fireEvent.click(pset);
    expect(screen.queryByText('IsExternal')).toBeNull();
  });

  it('copies a value and says so; a refused clipboard gets the failure toast', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPanel(5, [5]);
    const inSet = screen.getAllByText('12.3457 m²').find((el) => !el.closest('[data-quantities]'));
    fireEvent.click(inSet!);
    await waitFor(() => expect(getToasts().at(-1)?.title).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('12.3457 m²');
    writeText.mockRejectedValueOnce(new Error('denied'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    await waitFor(() =>
      expect(getToasts().at(-1)?.title).toBe('Copy failed, copy the value manually'),
    );
    vi.unstubAllGlobals();
  });

  it("sums up the element's area from its quantity set, and says where it came from", () => {
    renderPanel(5, [5]);
    const summary = screen.getByLabelText('Quantities from the model');
    expect(summary.textContent).toBe('Area12.3457 m²');
    const value = summary.querySelector('[data-quantity="NetSideArea"]')!;
    expect(value.getAttribute('title')).toBe('From Qto_WallBaseQuantities: NetSideArea');
    cleanup();
    // The slab has no quantities: no summary at all.
    renderPanel(7, [7]);
    expect(screen.queryByLabelText('Quantities from the model')).toBeNull();
  });

  it('a multiple selection shows the count and the common type', () => {
    renderPanel(null, [5, 8]);
    expect(screen.getByText('2 elements selected')).toBeTruthy();
    expect(screen.getByText('All of type IfcWall')).toBeTruthy();
    cleanup();
    renderPanel(null, [5, 6]);
    expect(screen.getByText('Various types')).toBeTruthy();
  });
});
