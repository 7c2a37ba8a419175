import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../../../testing/render';
import { CopyField } from './CopyField';

const LINK = 'http://localhost/share/abcdefghijklmnopqrstuv';

function renderField() {
  renderRoutes([{ path: '*', element: <CopyField label="Share link" value={LINK} /> }], '/');
  return screen.getByLabelText('Share link') as HTMLInputElement;
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: spy },
  });
  return spy;
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('copy field', () => {
  it('copies the link and says so', async () => {
    const writeText = stubClipboard(() => Promise.resolve());
    renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Share link' }));
    await screen.findByText('Copied');
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.queryByText('Copy Failed, copy the link manually')).toBeNull();
  });

  it('when the browser refuses, shows the spec text and selects the whole read-only link', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Share link' }));
    await screen.findByText('Copy Failed, copy the link manually');
    expect(input.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(LINK.length);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('falls back the same way where there is no clipboard API at all', async () => {
    // An insecure origin (plain http on a LAN address) has no navigator.clipboard.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Share link' }));
    await screen.findByText('Copy Failed, copy the link manually');
    expect(input.selectionEnd).toBe(LINK.length);
  });
});
