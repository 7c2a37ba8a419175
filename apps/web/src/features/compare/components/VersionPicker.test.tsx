import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import type { CompareVersion } from '../api';
import { VersionPicker } from './VersionPicker';

afterEach(cleanup);

const v = (number: number): CompareVersion => ({
  id: `v${number}`,
  number,
  status: 'ready',
  viewable_url: `/v${number}.glb`,
  metadata_url: `/v${number}.json`,
});
const versions = [v(4), v(3), v(2), v(1)];

function renderPicker(from: CompareVersion, to: CompareVersion) {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <VersionPicker versions={versions} from={from} to={to} onChange={onChange} />
    </I18nextProvider>,
  );
  return onChange;
}

describe('compare version picker (issue 35 item 4: any two versions)', () => {
  it('offers every processed version on both sides and sends the pair picked', () => {
    const onChange = renderPicker(v(3), v(4));
    const from = screen.getByLabelText('Compare from') as HTMLSelectElement;
    expect([...from.options].map((o) => o.textContent)).toEqual([
      'Version 4',
      'Version 3',
      'Version 2',
      'Version 1',
    ]);
    fireEvent.change(from, { target: { value: 'v1' } });
    fireEvent.change(screen.getByLabelText('Compare to'), { target: { value: 'v2' } });
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([
      { from: 'v1', to: 'v4' },
      // An older "to" than "from": the two swap, the older stays "from".
      { from: 'v2', to: 'v3' },
    ]);
  });
});
