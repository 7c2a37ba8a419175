import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SharedModel } from '@truss/contracts';
import { SavedViewsButton, READ_ONLY } from '../../saved-views';
import { ModelViewer, type ModelViewerProps } from '../../viewer';
import { sharedSheetsQuery } from '../api';

/**
 * The shared model in the app's viewer. The share-scoped URLs need no header: a code share's
 * unlock is an HttpOnly cookie the same-origin fetches send by default, and a private share's
 * file URLs carry a short-lived signature for the signed-in member.
 */
export function SharedViewer({
  token,
  model,
  viewableUrl,
  embed,
  sidePanel,
}: {
  token: string;
  model: SharedModel;
  viewableUrl: string;
  embed: boolean;
  /** The topics panel, when the share shows them. */
  sidePanel?: ModelViewerProps['sidePanel'];
}) {
  // The page re-checks the share on focus; a private share's URLs come back with a fresh
  // signature each time, which must not reload a model that is already on screen.
  const [urls] = useState(() => ({
    glb: viewableUrl,
    metadata: model.metadata_url,
    sheets: model.sheets_url,
  }));
  // An IFC model's storey plans (the minimap, the plans beside the 3D view), as members get them.
  const sheets = useQuery({
    ...sharedSheetsQuery(token, urls.sheets ?? ''),
    // Only an IFC model (.ifc, .ifczip) has a sheets URL among 3D models.
    enabled: !!urls.sheets,
  });
  const plans = useMemo(() => (sheets.data ? { sheets: sheets.data } : undefined), [sheets.data]);
  return (
    <ModelViewer
      glbUrl={urls.glb}
      metadataUrl={urls.metadata}
      embed={embed}
      title={model.name}
      sidePanel={sidePanel}
      {...(plans ? { plans } : {})}
      // The model's saved views, to look at (a visitor saves none).
      toolbarTools={(viewer) => (
        <SavedViewsButton viewer={viewer} source={{ kind: 'share', token }} may={READ_ONLY} />
      )}
    />
  );
}
