import { useEffect, useMemo, useRef, useState } from 'react';
import type { TopicMarkup } from '@truss/contracts';
import { drawMarkup, viewMapping } from '@truss/viewer/markup';

/**
 * A topic's snapshot with its 3D markup drawn over it, in the browser from the vectors the topic
 * holds now (so it follows every edit, live ones too, until the topic closes; the stored PNG
 * stays clean). The markup is in 0..1 of the frame of its aspect fitted into the image, as the
 * BCF export and the mails draw it.
 */
export function SnapshotMarkup({
  src,
  alt,
  markup,
}: {
  src: string;
  alt: string;
  markup: TopicMarkup | null;
}) {
  const imageRef = useRef<HTMLImageElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const shapes = useMemo(() => (markup && markup.sheet_id === null ? markup.shapes : []), [markup]);

  useEffect(() => {
    const image = imageRef.current;
    if (!image) return;
    const observer = new ResizeObserver(() =>
      setSize({ width: image.clientWidth, height: image.clientHeight }),
    );
    observer.observe(image);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || size.width === 0 || size.height === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(size.width * ratio);
    canvas.height = Math.round(size.height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, size.width, size.height);
    drawMarkup(ctx, shapes, viewMapping(size.width, size.height, markup?.aspect));
  }, [shapes, size, markup?.aspect]);

  return (
    <span className="relative block" data-snapshot-markup={shapes.length}>
      <img
        ref={imageRef}
        src={src}
        alt={alt}
        className="block w-full rounded-lg border border-gray-200"
      />
      {shapes.length > 0 && (
        <canvas
          ref={canvasRef}
          aria-hidden
          className="pointer-events-none absolute top-0 left-0"
          style={{ width: size.width, height: size.height }}
        />
      )}
    </span>
  );
}
