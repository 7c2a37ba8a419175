import { useEffect, useState } from 'react';
import type { Viewer } from './engine';
import { modelViewArea } from './model-page-layout';
import { usePanelWidth } from './usePanelWidth';

/** The side panels start closed where they would cover the view (a narrow window). */
const panelsFitBeside = () => modelViewArea(window.innerWidth).panel > 0;

/**
 * Which of the viewer's panels are open (tree, properties, the side panel) and how wide they are.
 * On a phone the panels are bottom sheets over the view: one at a time, and tapping an element
 * opens its properties unless the tree is open.
 */
export function useViewerPanels(
  viewer: Viewer | null,
  {
    embed,
    sideInitiallyOpen,
    panelsInitiallyOpen = true,
  }: {
    embed: boolean;
    sideInitiallyOpen: boolean;
    /** False: the tree and properties start closed even where they fit (the compare page). */
    panelsInitiallyOpen?: boolean;
  },
) {
  const panelWidth = usePanelWidth();
  const narrow = panelWidth === 0;
  const startOpen = () => !embed && panelsInitiallyOpen && panelsFitBeside();
  const [treeOpen, setTreeOpen] = useState(startOpen);
  const [propertiesOpen, setPropertiesOpen] = useState(startOpen);
  const [sideOpen, setSideOpen] = useState(sideInitiallyOpen);

  const toggleTree = () => {
    setTreeOpen((open) => !open);
    if (narrow) setPropertiesOpen(false);
  };
  const toggleProperties = () => {
    setPropertiesOpen((open) => !open);
    if (narrow) {
      setTreeOpen(false);
      setSideOpen(false);
    }
  };
  const toggleSide = () => {
    setSideOpen((open) => !open);
    if (narrow) {
      setTreeOpen(false);
      setPropertiesOpen(false);
    }
  };

  useEffect(() => {
    if (!viewer || embed || !narrow || treeOpen) return;
    return viewer.on('selection-change', ({ ids }) => {
      if (ids.length) setPropertiesOpen(true);
    });
  }, [viewer, embed, narrow, treeOpen]);

  return {
    panelWidth,
    narrow,
    treeOpen,
    propertiesOpen,
    sideOpen,
    toggleTree,
    toggleProperties,
    toggleSide,
  };
}
