import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ListFilter } from 'lucide-react';
import { TipButton, type Viewer } from '../../viewer';
import type { SavedQueryAbilities } from '../permissions';
import { FindElementsPanel } from './FindElementsPanel';

/** The toolbar's Find elements: opens the query panel over the view (the view stays usable). */
export function FindElementsButton(props: {
  viewer: Viewer;
  projectId: string;
  modelId: string;
  may: SavedQueryAbilities;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <TipButton
        icon={ListFilter}
        label={t('elementQuery.title')}
        active={open}
        onClick={() => setOpen((was) => !was)}
      />
      {/* Portalled to the body: the toolbar's backdrop blur makes it the containing block of
          anything fixed inside it, which squeezed the panel into the toolbar's strip. */}
      {open &&
        createPortal(
          <FindElementsPanel {...props} onClose={() => setOpen(false)} />,
          document.body,
        )}
    </>
  );
}
