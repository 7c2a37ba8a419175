import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Pencil, QrCode, Trash2, type LucideIcon } from 'lucide-react';
import type { Share } from '@truss/contracts';
import { ConfirmDialog, Modal } from '../../../shared/ui/Dialog';
import { Tooltip } from '../../../shared/ui/Tooltip';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useDeleteShare, useUpdateShare } from '../api';
import { copyText } from '../clipboard';
import { CopyField } from './CopyField';
import { ShareQr } from './ShareQr';
import { ShareStatusSwitch } from './ShareStatusSwitch';

const iconButton =
  'rounded-lg p-1.5 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50';

/** An icon-only button of a share's row: the tooltip names the action, the label also the model. */
function IconAction({
  icon: Icon,
  tooltip,
  label,
  className,
  onClick,
}: {
  icon: LucideIcon;
  tooltip: string;
  label: string;
  className?: string;
  onClick: () => void;
}) {
  return (
    <Tooltip content={tooltip}>
      <button
        type="button"
        className={className ? `${iconButton} ${className}` : iconButton}
        onClick={onClick}
        aria-label={label}
      >
        <Icon className="size-4" aria-hidden />
      </button>
    </Tooltip>
  );
}

/** Enable/disable with a toast; the lists follow through the mutation's invalidation. */
export function ShareToggle({ share }: { share: Share }) {
  const { t } = useTranslation();
  const update = useUpdateShare();
  return (
    <ShareStatusSwitch
      share={share}
      disabled={update.isPending}
      onChange={(active) =>
        update.mutate(
          { id: share.id, body: { status: active ? 'active' : 'disabled' } },
          {
            onSuccess: () =>
              toast.success(active ? t('share.list.enabled') : t('share.list.disabled')),
            onError: (error) => toast.error(errorMessage(error, t)),
          },
        )
      }
    />
  );
}

/** Copy link, QR code, edit, delete (after a confirmation) for one share. */
export function ShareRowActions({ share, onEdit }: { share: Share; onEdit: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [fallback, setFallback] = useState(false);
  const [qr, setQr] = useState(false);
  const remove = useDeleteShare();
  const name = share.model_name;

  const copy = () => {
    copyText(share.url).then(
      () => toast.success(t('share.list.linkCopied')),
      (error: unknown) => {
        console.warn('[share] copy to the clipboard failed', error);
        setFallback(true);
      },
    );
  };

  return (
    <div className="flex items-center justify-end gap-0.5">
      <IconAction
        icon={Copy}
        tooltip={t('share.list.copyLink')}
        label={t('share.list.copyLinkFor', { name })}
        onClick={copy}
      />
      <IconAction
        icon={QrCode}
        tooltip={t('share.qr.show')}
        label={t('share.qr.showFor', { name })}
        onClick={() => setQr(true)}
      />
      <IconAction
        icon={Pencil}
        tooltip={t('share.list.edit')}
        label={t('share.list.editFor', { name })}
        onClick={onEdit}
      />
      <IconAction
        icon={Trash2}
        tooltip={t('share.list.delete')}
        label={t('share.list.deleteFor', { name })}
        className="hover:bg-red-50 hover:text-red-700"
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title={t('share.list.deleteTitle')}
        description={t('share.list.deleteDescription', { name })}
        confirmLabel={t('share.list.delete')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t) : null}
        onConfirm={() =>
          remove.mutate(share, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('share.list.deleted'));
            },
          })
        }
      />
      <Modal open={qr} onOpenChange={setQr} size="sm" title={t('share.qr.title')}>
        <div className="pb-4">
          <ShareQr share={share} />
        </div>
      </Modal>
      <Modal open={fallback} onOpenChange={setFallback} size="sm" title={t('share.list.copyLink')}>
        <div className="pb-4">
          <CopyField label={t('share.result.link')} value={share.url} failedInitially />
        </div>
      </Modal>
    </div>
  );
}
