import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearToasts, getToasts } from '../../../lib/toast';
import { renderRoutes } from '../../../testing/render';
import type { TopicFilter } from '../api';
import { ReportActions } from './ReportActions';

const projectId = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderActions(filter: TopicFilter) {
  renderRoutes(
    [{ path: '/', Component: () => <ReportActions projectId={projectId} filter={filter} /> }],
    '/',
  );
}

/** Opens the menu the way a keyboard does (jsdom has no pointer events for Radix). */
function openMenu() {
  fireEvent.keyDown(screen.getByRole('button', { name: /Export report/ }), { key: 'Enter' });
}

function stubDownload(response: () => Response) {
  const fetch = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetch);
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { fetch, saved, click };
}

describe('ReportActions', () => {
  it('exports the current filter as a PDF, then as Excel, under the server names', async () => {
    const { fetch, saved, click } = stubDownload(
      () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="Tower - Issue report.pdf"' },
        }),
    );
    renderActions({ status: ['Open', 'In Progress'], q: ' duct ', sort: 'due', order: 'asc' });
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: /PDF report/ }));
    await waitFor(() => expect(saved).toEqual(['Tower - Issue report.pdf']));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe(`/api/project/${projectId}/topics/report`);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      format: 'pdf',
      status: 'Open,In Progress',
      q: 'duct',
      sort: 'due',
      order: 'asc',
    });
    expect(new Headers(init.headers).get('accept-language')).toBe('en');

    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Excel/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [second] = fetch.mock.calls[1] as unknown as [string];
    expect(new URL(second, 'http://x').searchParams.get('format')).toBe('xlsx');
    click.mockRestore();
  });

  it('shows the server message when the filter matches too many topics', async () => {
    stubDownload(
      () =>
        new Response(
          JSON.stringify({ statusCode: 422, code: 'TOPIC_REPORT_TOO_LARGE', message: 'too large' }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        ),
    );
    clearToasts();
    renderActions({});
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: /Excel/ }));
    // The toaster is not mounted here: read the toast store.
    // The code's own message in the page's language (the contracts' catalogue).
    await waitFor(() =>
      expect(getToasts().map((toast) => [toast.title, toast.description])).toContainEqual([
        'The report could not be exported',
        'The filter matches more issues than one report holds (500): narrow it and export again',
      ]),
    );
  });
});
