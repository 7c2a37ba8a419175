import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { decodePng } from './viewer.ts';

/** The text a QR code canvas on the page carries, decoded from its pixels with jsQR. */
export async function decodeQr(page: Page, label: string): Promise<string | null> {
  const canvas = page.getByRole('img', { name: label, exact: true });
  await canvas.waitFor();
  const image = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height);
    return data ? { width: data.width, height: data.height, pixels: Array.from(data.data) } : null;
  });
  if (!image) return null;
  return (
    jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height, {
      inversionAttempts: 'dontInvert',
    })?.data ?? null
  );
}

/** The text of the QR code in a PNG image (a downloaded poster). */
export function decodeQrPng(png: Buffer): string | null {
  const image = decodePng(png);
  return (
    jsQR(Uint8ClampedArray.from(image.data), image.width, image.height, {
      inversionAttempts: 'dontInvert',
    })?.data ?? null
  );
}
