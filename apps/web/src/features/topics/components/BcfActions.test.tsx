import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../../../testing/render';
import { BcfActions } from './BcfActions';

const projectId = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderActions(props: { pickedGuids?: string[]; canImport?: boolean }) {
  renderRoutes(
    [
      {
        path: '/',
        Component: () => (
          <BcfActions
            projectId={projectId}
            pickedGuids={props.pickedGuids ?? []}
            canImport={props.canImport ?? false}
            className=""
          />
        ),
      },
    ],
    '/',
  );
}

describe('BcfActions', () => {
  it('exports the picked topics in the chosen version as a download', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="Tower.bcf"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:bcf'), revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderActions({ pickedGuids: ['g-1', 'g-2'] });
    expect(screen.queryByRole('button', { name: /Import BCF/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('BCF version'), { target: { value: '2.1' } });
    fireEvent.click(screen.getByRole('button', { name: /Export BCF \(2 selected\)/ }));
    await waitFor(() => expect(clicked).toEqual(['Tower.bcf']));
    const [url] = fetch.mock.calls[0] as unknown as [string];
    expect(url).toBe(`/api/project/${projectId}/bcf?version=2.1&topics=g-1%2Cg-2`);
    click.mockRestore();
  });

  it('imports a picked file and shows the report', async () => {
    const report = {
      created: 3,
      updated: 1,
      topics: [],
      unmatchedComponents: ['0uxq9b2yT0xO7w1c$IfSyO'],
      skipped: [{ guid: 'bad-guid', reason: 'markup.bcf is missing' }],
    };
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify(report), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderActions({ canImport: true });
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'issues.bcf');
    fireEvent.change(screen.getByTestId('bcf-file'), { target: { files: [file] } });
    expect(await screen.findByText('3 created')).toBeTruthy();
    expect(screen.getByText('1 updated')).toBeTruthy();
    expect(screen.getByText('1 elements not found in any model')).toBeTruthy();
    expect(screen.getByText(/markup\.bcf is missing/)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/project/${projectId}/bcf`);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/octet-stream');
  });
});
