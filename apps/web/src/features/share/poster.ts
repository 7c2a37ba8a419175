import QRCode from 'qrcode';

/** What a share's QR poster says: the model, its project, a caption and the link itself. */
export interface PosterText {
  url: string;
  model: string;
  project: string;
  /** "Scan to open the 3D model", in the reader's language. */
  caption: string;
}

const WIDTH = 600;
const HEIGHT = 820;
const QR_SIZE = 420;
const FONT =
  "system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** At most `max` characters (by code point, so CJK and emoji are not cut in half). */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A printable poster of a share link (SVG): model and project name above the QR code, the
 * caption and the link below, so a printed sheet or a WeChat image says what it opens.
 */
export async function posterSvg(text: PosterText): Promise<string> {
  const qr = await QRCode.toString(text.url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  const x = (WIDTH - QR_SIZE) / 2;
  const placed = qr.replace(
    '<svg ',
    `<svg x="${x}" y="150" width="${QR_SIZE}" height="${QR_SIZE}" `,
  );
  const line = (y: number, size: number, weight: number, fill: string, value: string) =>
    `<text x="${WIDTH / 2}" y="${y}" text-anchor="middle" font-family="${escapeXml(FONT)}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<rect x="0" y="0" width="${WIDTH}" height="8" fill="#2563eb"/>`,
    line(80, 30, 700, '#111827', clip(text.model, 32)),
    line(118, 20, 400, '#4b5563', clip(text.project, 44)),
    placed,
    line(628, 22, 600, '#111827', clip(text.caption, 40)),
    line(668, 14, 400, '#4b5563', clip(text.url, 72)),
    line(772, 18, 700, '#2563eb', 'Truss'),
    '</svg>',
  ].join('');
}

/** The poster as a PNG at twice its size (sharp when printed or sent as an image). */
export async function posterPng(text: PosterText): Promise<Blob> {
  const svg = await posterSvg(text);
  const image = new Image();
  const source = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    image.src = source;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH * 2;
    canvas.height = HEIGHT * 2;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(source);
  }
}

/** `Tower A.ifc` -> `Tower A-qr`: the model's name without its extension, safe as a file name. */
export function posterFileName(model: string): string {
  const base = model.replace(/\.[A-Za-z0-9]{1,8}$/, '').replace(/[\\/:*?"<>|]+/g, '_');
  return `${base || 'share'}-qr`;
}
