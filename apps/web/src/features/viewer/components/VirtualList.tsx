import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A windowed list of fixed-height rows: only the rows in view (plus a few) are in the DOM, so
 * a tree of 50 000 elements scrolls like one of 50.
 */
export function VirtualList({
  count,
  rowHeight,
  renderRow,
  scrollTo,
  className,
  label,
  activeId,
  onKeyDown,
}: {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  /** Bring this row into view when it changes (`key` repeats the request for the same row). */
  scrollTo?: { index: number; key: number } | null;
  className?: string;
  label: string;
  /** DOM id of the row the keyboard is on (the list keeps the focus, rows come and go). */
  activeId?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  // The height once laid out: the observer's first call comes after the frame's own layout.
  // Read in the commit (clientHeight), it would lay out the whole page there and render the list
  // again before the page is first drawn.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || 600));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element || !scrollTo || scrollTo.index < 0) return;
    const top = scrollTo.index * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, top - element.clientHeight / 3);
    }
  }, [scrollTo, rowHeight]);

  const overscan = 8;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i));

  return (
    <div
      ref={ref}
      role="tree"
      aria-label={label}
      aria-activedescendant={activeId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={className}
      style={{ overflowY: 'auto', position: 'relative' }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>
        <div style={{ position: 'absolute', top: first * rowHeight, left: 0, right: 0 }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
