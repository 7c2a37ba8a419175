import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { TopicText } from './TopicText';

afterEach(cleanup);

const topic = {
  title: 'Door blocks the corridor',
  description: 'See @[Bea](33333333-3333-4333-8333-333333333333) about it',
};

function renderText(canEdit: boolean) {
  const onSave = vi.fn((_body: unknown, done: () => void) => done());
  render(
    <I18nextProvider i18n={i18n}>
      <TopicText topic={topic} canEdit={canEdit} saving={false} onSave={onSave} />
    </I18nextProvider>,
  );
  return onSave;
}

describe('TopicText', () => {
  it('edits the title and description and sends only what changed', () => {
    const onSave = renderText(true);
    expect(screen.getByText('See @Bea about it')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const title = screen.getByLabelText('Title');
    fireEvent.change(title, { target: { value: '  ' } });
    expect(screen.getByText('The title is required.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(title, { target: { value: ' Door blocks the exit ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]![0]).toEqual({ title: 'Door blocks the exit' });
    // Saved: back to the read view.
    expect(screen.queryByLabelText('Title')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Fixed size' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[1]![0]).toEqual({ description: 'Fixed size' });
  });

  it('unchanged text sends nothing; without the right there is no editor', () => {
    const onSave = renderText(true);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    cleanup();
    renderText(false);
    expect(screen.getByText('Door blocks the corridor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
