/**
 * The avatar crop: a square viewport of `view` px over an image of `width` x `height` px. At
 * zoom 1 the image just covers the viewport (its short side fits); `x`/`y` move the image
 * centre away from the viewport centre, in viewport px. All pure, so it can be tested.
 */
export interface CropState {
  zoom: number;
  x: number;
  y: number;
}

interface ImageSize {
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** The uploaded avatar is this many px square (shown at 16–48 px, sharp on 4x screens). */
const AVATAR_OUTPUT_PX = 256;

/** Viewport px per image px at zoom 1: the short side fills the viewport. */
export function coverScale(image: ImageSize, view: number): number {
  return view / Math.min(image.width, image.height);
}

function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Keep the image covering the whole viewport: no empty edge may show. */
export function clampCrop(state: CropState, image: ImageSize, view: number): CropState {
  const zoom = clampZoom(state.zoom);
  const scale = coverScale(image, view) * zoom;
  const maxX = Math.max(0, (image.width * scale - view) / 2);
  const maxY = Math.max(0, (image.height * scale - view) / 2);
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, v)) || 0;
  return { zoom, x: clamp(state.x, maxX), y: clamp(state.y, maxY) };
}

/** Zoom keeping the image point under the viewport centre in place. */
export function zoomTo(state: CropState, zoom: number, image: ImageSize, view: number): CropState {
  const next = clampZoom(zoom);
  const ratio = next / state.zoom;
  return clampCrop({ zoom: next, x: state.x * ratio, y: state.y * ratio }, image, view);
}

/** Move by a drag of `dx`/`dy` viewport px. */
export function panBy(
  state: CropState,
  dx: number,
  dy: number,
  image: ImageSize,
  view: number,
): CropState {
  return clampCrop({ ...state, x: state.x + dx, y: state.y + dy }, image, view);
}

/** The square of the source image (image px) that the viewport shows. */
export function sourceRect(
  state: CropState,
  image: ImageSize,
  view: number,
): { sx: number; sy: number; size: number } {
  const { zoom, x, y } = clampCrop(state, image, view);
  const scale = coverScale(image, view) * zoom;
  const size = view / scale;
  return {
    sx: image.width / 2 - (view / 2 + x) / scale,
    sy: image.height / 2 - (view / 2 + y) / scale,
    size,
  };
}

/** Draw the crop into a square canvas and return it as a PNG. */
export async function renderCrop(
  img: CanvasImageSource & ImageSize,
  state: CropState,
  view: number,
  output = AVATAR_OUTPUT_PX,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = output;
  canvas.height = output;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  const { sx, sy, size } = sourceRect(state, img, view);
  context.imageSmoothingQuality = 'high';
  context.drawImage(img, sx, sy, size, size, 0, 0, output, output);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas export failed'))),
      'image/png',
    ),
  );
}
