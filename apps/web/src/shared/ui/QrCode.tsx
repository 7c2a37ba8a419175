import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';

/** `value` drawn as a QR code on a canvas (the `qrcode` library), labelled for screen readers. */
export function QrCode({
  value,
  label,
  size = 192,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, value, { width: size, margin: 2, errorCorrectionLevel: 'M' })
      .then(() => setFailed(null))
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)));
  }, [value, size]);
  return (
    <>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-qr-value={value}
        width={size}
        height={size}
        className="rounded-lg border border-gray-200 bg-white"
      />
      {failed && (
        <p role="alert" className="text-xs text-red-700">
          {failed}
        </p>
      )}
    </>
  );
}
