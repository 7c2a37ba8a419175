import type { Viewer } from '../viewer';

const WIDTH = 320;
const HEIGHT = 200;

/** A small JPEG of the current view (model only) as a data URL, for a saved view's list entry. */
export async function viewThumbnail(viewer: Viewer): Promise<string> {
  const png = await viewer.screenshot({ width: WIDTH, height: HEIGHT });
  const bitmap = await createImageBitmap(png);
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas for the thumbnail');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.8);
}
