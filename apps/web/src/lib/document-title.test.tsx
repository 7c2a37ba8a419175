import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle, useDocumentTitleOverride } from './document-title';

function Shell() {
  return <output>{useDocumentTitleOverride() ?? '(route title)'}</output>;
}

function Page({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

describe('document title of a page', () => {
  it('names the tab while the page is shown, follows changes and lets go on leaving', () => {
    const view = render(
      <>
        <Shell />
        <Page title="Duplex A" />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('Duplex A');
    view.rerender(
      <>
        <Shell />
        <Page title="Duplex B" />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('Duplex B');
    act(() =>
      view.rerender(
        <>
          <Shell />
          <Page title={null} />
        </>,
      ),
    );
    expect(screen.getByRole('status').textContent).toBe('(route title)');
    view.rerender(
      <>
        <Shell />
        <Page title="Office" />
      </>,
    );
    view.unmount();
    const again = render(<Shell />);
    expect(again.container.textContent).toBe('(route title)');
  });
});
