import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Viewer } from './engine';
import { isTypingTarget, shortcutFor } from './shortcuts';
import { runShortcut, type ViewerCommands } from './useViewerCommands';

/**
 * What every viewer page (model, federated, compare) sets up around the engine: the view cube in the
 * page's language (also after a switch) and the keyboard shortcuts, except while typing or
 * inside a dialog or menu. Answers the shortcut help's open state (`?` toggles it).
 */
export function useViewerChrome(viewer: Viewer | null, commands: ViewerCommands | null) {
  const { t } = useTranslation();
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    viewer?.navigation.setViewCubeLabels({
      top: t('viewer.cube.top'),
      bottom: t('viewer.cube.bottom'),
      front: t('viewer.cube.front'),
      back: t('viewer.cube.back'),
      left: t('viewer.cube.left'),
      right: t('viewer.cube.right'),
    });
  }, [viewer, t]);

  useEffect(() => {
    if (!commands) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"],[role="menu"],[role="alertdialog"]')) return;
      const action = shortcutFor(event, viewer?.navigation.getMode() === 'walk');
      if (!action) return;
      if (action === 'help') setHelpOpen((open) => !open);
      else if (!runShortcut(commands, action)) return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [commands, viewer]);

  return { helpOpen, setHelpOpen };
}
