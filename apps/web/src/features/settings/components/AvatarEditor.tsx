import { useEffect, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImageUp, Trash2, ZoomIn, ZoomOut } from 'lucide-react';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type Profile } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { DialogActions, Modal } from '../../../shared/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { settingsApi, useProfileCache } from '../api';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  clampCrop,
  coverScale,
  panBy,
  renderCrop,
  zoomTo,
  type CropState,
} from '../crop';
import { UserAvatar } from './UserAvatar';

/** The crop square on screen, in CSS px. */
const VIEW = 256;

function CropDialog({
  file,
  onClose,
  onDone,
}: {
  file: File | null;
  onClose: () => void;
  onDone: (avatar: string | null) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [loadError, setLoadError] = useState(false);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!file) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setImage(null);
    setLoadError(false);
    setCrop({ zoom: 1, x: 0, y: 0 });
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const upload = useMutation({
    mutationFn: async () => {
      if (!image) throw new Error('no image');
      return settingsApi.uploadAvatar(await renderCrop(image, crop, VIEW));
    },
    onSuccess: ({ avatar }) => {
      toast.success(t('settings.avatar.saved'));
      onDone(avatar);
    },
  });

  const size = image ? { width: image.naturalWidth, height: image.naturalHeight } : null;
  const scale = size ? coverScale(size, VIEW) * crop.zoom : 1;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !size) return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop((c) => panBy(c, dx, dy, size, VIEW));
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (!size) return;
    setCrop((c) => zoomTo(c, c.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1), size, VIEW));
  };
  const setZoom = (zoom: number) => size && setCrop((c) => zoomTo(c, zoom, size, VIEW));

  return (
    <Modal
      open={!!file}
      onOpenChange={(open) => !open && !upload.isPending && onClose()}
      title={t('settings.avatar.cropTitle')}
      description={t('settings.avatar.cropHint')}
      footer={
        <DialogActions
          onCancel={onClose}
          pending={upload.isPending}
          onClick={() => upload.mutate()}
          disabled={!image}
        >
          {t('settings.avatar.save')}
        </DialogActions>
      }
    >
      <div className="space-y-4 pb-2">
        {upload.error && <FormAlert>{errorMessage(upload.error, t)}</FormAlert>}
        {loadError && <FormAlert>{t('errors.AVATAR_INVALID_IMAGE')}</FormAlert>}
        <div
          role="img"
          aria-label={t('settings.avatar.preview')}
          className="relative mx-auto cursor-move touch-none overflow-hidden rounded-xl bg-gray-900 select-none"
          style={{ width: VIEW, height: VIEW }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onWheel={onWheel}
        >
          {url && (
            <img
              src={url}
              alt=""
              draggable={false}
              onLoad={(e) => {
                const img = e.currentTarget;
                setImage(img);
                setCrop((c) =>
                  clampCrop(c, { width: img.naturalWidth, height: img.naturalHeight }, VIEW),
                );
              }}
              onError={() => setLoadError(true)}
              className="pointer-events-none absolute top-1/2 left-1/2 max-w-none origin-center"
              style={
                size
                  ? {
                      width: size.width * scale,
                      height: size.height * scale,
                      transform: `translate(calc(-50% + ${crop.x}px), calc(-50% + ${crop.y}px))`,
                    }
                  : { visibility: 'hidden' }
              }
            />
          )}
          {/* The round mask shows what the avatar will look like. */}
          <div className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_999px_rgba(17,24,39,0.55)] ring-2 ring-white/80" />
        </div>
        <div className="mx-auto flex max-w-64 items-center gap-3">
          <ZoomOut className="size-4 shrink-0 text-gray-500" aria-hidden />
          <input
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={crop.zoom}
            disabled={!image}
            onChange={(e) => setZoom(Number(e.target.value))}
            aria-label={t('settings.avatar.zoom')}
            className="w-full accent-brand-600"
          />
          <ZoomIn className="size-4 shrink-0 text-gray-500" aria-hidden />
        </div>
      </div>
    </Modal>
  );
}

/** Avatar with "Upload photo" (crop, then upload) and "Remove". */
export function AvatarEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const setProfile = useProfileCache();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  const remove = useMutation({
    mutationFn: settingsApi.removeAvatar,
    onSuccess: ({ avatar }) => {
      setProfile({ avatar });
      toast.success(t('settings.avatar.removed'));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(picked.type)) {
      toast.error(t('errors.AVATAR_INVALID_IMAGE'));
      return;
    }
    // The crop is re-encoded at 256 px, so only absurd originals are refused.
    if (picked.size > AVATAR_MAX_BYTES * 4) {
      toast.error(t('errors.AVATAR_TOO_LARGE'));
      return;
    }
    setFile(picked);
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar profile={profile} size={48} />
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          <ImageUp className="size-4" aria-hidden />
          {t('settings.avatar.upload')}
        </Button>
        {profile.avatar && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => remove.mutate()}
            loading={remove.isPending}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('settings.avatar.remove')}
          </Button>
        )}
      </div>
      <p className="w-full text-xs text-gray-500">{t('settings.avatar.hint')}</p>
      <CropDialog
        file={file}
        onClose={() => setFile(null)}
        onDone={(avatar) => {
          setProfile({ avatar });
          setFile(null);
        }}
      />
    </div>
  );
}
