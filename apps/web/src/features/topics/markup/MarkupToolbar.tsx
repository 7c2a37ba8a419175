import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  ArrowUpRight,
  Circle,
  Cloud,
  Pencil,
  Redo2,
  Square,
  Trash2,
  Type,
  Undo2,
  X,
  type LucideIcon,
} from 'lucide-react';
import { MARKUP_TOOLS, type MarkupTool } from '@truss/viewer/markup';
import { TipButton } from '../../viewer';
import {
  MARKUP_COLORS,
  MARKUP_WIDTHS,
  markupStore,
  sameTarget,
  useMarkupState,
  type MarkupTarget,
} from './markup-store';

const TOOL_ICONS: Record<MarkupTool, LucideIcon> = {
  arrow: ArrowUpRight,
  cloud: Cloud,
  rectangle: Square,
  ellipse: Circle,
  text: Type,
  freehand: Pencil,
};

/**
 * The markup tools while drawing: shape, colour, line width, undo/redo, clear, and done (the
 * shapes stay for the topic being made or saved; Cancel on an edited topic drops them).
 */
export function MarkupToolbar({ target }: { target: MarkupTarget }) {
  const { t } = useTranslation();
  const state = useMarkupState();
  const editor = markupStore.editor;
  if (!sameTarget(state.editing, target)) return null;
  return (
    <div
      role="toolbar"
      aria-label={t('topics.markup.toolbar')}
      className="pointer-events-auto flex flex-wrap items-center gap-1 rounded-xl border border-gray-200 bg-white/95 p-1 shadow-lg"
    >
      {MARKUP_TOOLS.map((tool) => (
        <TipButton
          key={tool}
          icon={TOOL_ICONS[tool]}
          label={t(`topics.markup.tools.${tool}`)}
          active={state.tool === tool}
          onClick={() => markupStore.set({ tool })}
        />
      ))}
      <span className="mx-1 h-5 w-px bg-gray-200" aria-hidden />
      {MARKUP_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          aria-label={t('topics.markup.color', { color })}
          aria-pressed={state.color === color}
          className={clsx(
            'size-6 rounded-full border-2',
            state.color === color ? 'border-gray-900' : 'border-white',
          )}
          style={{ background: color }}
          onClick={() => markupStore.set({ color })}
        />
      ))}
      <span className="mx-1 h-5 w-px bg-gray-200" aria-hidden />
      {MARKUP_WIDTHS.map((width) => (
        <button
          key={width}
          type="button"
          aria-label={t('topics.markup.width', { width })}
          aria-pressed={state.width === width}
          className={clsx(
            'flex size-8 items-center justify-center rounded-lg',
            state.width === width ? 'bg-brand-50' : 'hover:bg-gray-100',
          )}
          onClick={() => markupStore.set({ width })}
        >
          <span className="w-4 rounded-full bg-gray-800" style={{ height: width }} />
        </button>
      ))}
      <span className="mx-1 h-5 w-px bg-gray-200" aria-hidden />
      <TipButton
        icon={Undo2}
        label={t('topics.markup.undo')}
        disabled={!editor.canUndo}
        onClick={() => editor.undo()}
      />
      <TipButton
        icon={Redo2}
        label={t('topics.markup.redo')}
        disabled={!editor.canRedo}
        onClick={() => editor.redo()}
      />
      <TipButton
        icon={Trash2}
        label={t('topics.markup.clear')}
        disabled={editor.shapes.length === 0}
        onClick={() => editor.clear()}
      />
      <TipButton icon={X} label={t('topics.markup.stop')} onClick={() => markupStore.stop()} />
    </div>
  );
}
