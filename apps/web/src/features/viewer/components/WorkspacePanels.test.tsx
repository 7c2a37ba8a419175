import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import type { ViewerSnapshot } from '../useViewerSnapshot';
import { sampleMetadata } from '../testing/fixture';
import { WorkspaceProperties } from './WorkspacePanels';

afterEach(cleanup);

describe('WorkspaceProperties with several models', () => {
  it('asks for a selection, not "no properties", while nothing is selected', () => {
    const models = [
      { id: 'arch', name: 'Architectural.ifc', info: null, metadata: sampleMetadata() },
      { id: 'mep', name: 'MEP.ifc', info: null, metadata: sampleMetadata() },
    ];
    render(
      <I18nextProvider i18n={i18n}>
        <WorkspaceProperties
          viewer={null}
          models={models}
          several
          phase="loaded"
          snapshot={{ selection: [] } as unknown as ViewerSnapshot}
          treeFocus={null}
          onColorBy={undefined}
        />
      </I18nextProvider>,
    );
    expect(screen.getByText(i18n.t('viewer.properties.empty'))).toBeTruthy();
    expect(screen.queryByText(i18n.t('viewer.properties.noMetadata'))).toBeNull();
  });
});
