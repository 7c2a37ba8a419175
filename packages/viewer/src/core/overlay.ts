/** The DOM layer over the canvas (labels, box-select rectangle, view cube). */
export function createOverlay(canvas: HTMLCanvasElement): {
  layer: HTMLElement;
  place(): void;
  dispose(): void;
} {
  const layer = document.createElement('div');
  layer.dataset.trussViewerOverlay = '';
  Object.assign(layer.style, {
    position: 'absolute',
    pointerEvents: 'none',
    overflow: 'hidden',
    left: '0px',
    top: '0px',
  });
  const parent = canvas.parentElement;
  if (parent) {
    // Absolute children need a positioned parent; a static one is made relative.
    if (getComputedStyle(parent).position === 'static') parent.style.position = 'relative';
    parent.appendChild(layer);
  }
  const place = () => {
    Object.assign(layer.style, {
      left: `${canvas.offsetLeft}px`,
      top: `${canvas.offsetTop}px`,
      width: `${canvas.clientWidth}px`,
      height: `${canvas.clientHeight}px`,
    });
  };
  place();
  return { layer, place, dispose: () => layer.remove() };
}
