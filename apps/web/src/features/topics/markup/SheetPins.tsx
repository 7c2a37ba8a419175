import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetViewer } from '@truss/viewer/sheet';
import { sheetMapping } from '@truss/viewer/markup';
import { markupStore, useMarkupState } from './markup-store';

/** The pins of the topics on this sheet, placed in sheet units (they follow pan and zoom). */
export function SheetPins({ viewer, sheetId }: { viewer: SheetViewer; sheetId: string }) {
  const { t } = useTranslation();
  const { pins, editing, pinning } = useMarkupState();
  const [view, setView] = useState(() => viewer.view());
  useEffect(() => {
    setView(viewer.view());
    return viewer.on('viewchange', (event) => setView(event.view));
  }, [viewer]);
  const map = sheetMapping(view);
  const busy = !!editing || pinning;
  return (
    <>
      {pins
        .filter((pin) => pin.sheetId === sheetId)
        .map((pin) => {
          const [left, top] = map.toDevice([pin.x, pin.y]);
          return (
            <button
              key={pin.topicId}
              type="button"
              data-sheet-pin={pin.topicId}
              aria-label={t('topics.sheetPin.show') + ` #${pin.number}`}
              className="absolute z-[6] flex h-6 min-w-6 -translate-x-1/2 -translate-y-full items-center justify-center rounded-full border-2 border-white px-1 text-xs font-semibold text-white shadow"
              style={{ left, top, background: pin.color, pointerEvents: busy ? 'none' : 'auto' }}
              onClick={() => markupStore.set({ openTopicId: pin.topicId })}
            >
              {pin.number}
            </button>
          );
        })}
    </>
  );
}
