import { useTranslation } from 'react-i18next';
import { Highlighter } from 'lucide-react';
import { TipButton } from '../../viewer';
import { markupStore, sameTarget, useMarkupState, type MarkupTarget } from './markup-store';

/**
 * The toolbar's markup entry: starts drawing on `target` (the 3D view, or the sheet shown), or
 * stops. What is drawn goes with the next topic made there, or into the topic being edited.
 */
export function MarkupButton({ target }: { target: MarkupTarget }) {
  const { t } = useTranslation();
  const state = useMarkupState();
  const on = sameTarget(state.editing, target);
  return (
    <TipButton
      icon={Highlighter}
      label={t('topics.markup.toggle')}
      active={on}
      onClick={() => (on ? markupStore.stop() : markupStore.start(target))}
    />
  );
}
