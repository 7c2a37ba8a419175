import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Camera, Download, FileText, Paperclip, Trash2 } from 'lucide-react';
import type { TopicAttachment } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { formatBytes } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  downloadAttachment,
  openAttachment,
  useDeleteAttachment,
  useThumbnailUrl,
  useUploadAttachment,
  type VisitorUploader,
} from '../attachments-api';

function AttachmentItem({
  attachment,
  canRemove,
  onRemove,
}: {
  attachment: TopicAttachment;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const thumbnail = useThumbnailUrl(attachment.thumbnail_url);
  const fail = (error: unknown) =>
    toast.error(t('topics.attachments.openFailed'), errorMessage(error, t));
  return (
    <li
      className="flex items-center gap-2 rounded-lg border border-gray-200 bg-white p-1.5"
      data-attachment={attachment.id}
    >
      <button
        type="button"
        className="flex min-w-0 flex-1 items-center gap-2 text-left"
        title={t('topics.attachments.open')}
        onClick={() => void openAttachment(attachment).catch(fail)}
      >
        {thumbnail ? (
          <img
            src={thumbnail}
            alt={attachment.filename}
            className="size-12 shrink-0 rounded object-cover"
          />
        ) : (
          <span className="flex size-12 shrink-0 items-center justify-center rounded bg-gray-100">
            <FileText className="size-5 text-gray-500" aria-hidden />
          </span>
        )}
        <span className="min-w-0">
          <span className="block truncate text-sm text-gray-800">{attachment.filename}</span>
          <span className="block truncate text-xs text-gray-500">
            {formatBytes(attachment.size_bytes, i18n.language)}
            {attachment.uploader_name ? ` · ${attachment.uploader_name}` : ''}
          </span>
        </span>
      </button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('topics.attachments.download', { name: attachment.filename })}
        onClick={() => void downloadAttachment(attachment).catch(fail)}
      >
        <Download className="size-4" aria-hidden />
      </Button>
      {canRemove && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('topics.attachments.delete', { name: attachment.filename })}
          onClick={() => {
            if (window.confirm(t('topics.attachments.deleteConfirm'))) onRemove();
          }}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      )}
    </li>
  );
}

/** A list of files (a topic's own, or one comment's), each opened, saved or deleted. */
export function AttachmentList({
  topicId,
  attachments,
  canRemove,
  label,
  shareToken,
}: {
  topicId: string;
  attachments: readonly TopicAttachment[];
  canRemove: (attachment: TopicAttachment) => boolean;
  label: string;
  /** A share visitor's list: their own files are deleted through the share. */
  shareToken?: string;
}) {
  const { t } = useTranslation();
  const remove = useDeleteAttachment(topicId, shareToken);
  if (attachments.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5" aria-label={label}>
      {attachments.map((attachment) => (
        <AttachmentItem
          key={attachment.id}
          attachment={attachment}
          canRemove={canRemove(attachment)}
          onRemove={() =>
            remove.mutate(attachment.id, {
              onError: (error) =>
                toast.error(t('topics.attachments.deleteFailed'), errorMessage(error, t)),
            })
          }
        />
      ))}
    </ul>
  );
}

/** Uploads picked files; files over the plan's size per attachment are refused here already. */
function usePickedFiles(
  topicId: string,
  maxBytes: number,
  commentId?: string,
  visitor?: VisitorUploader,
) {
  const { t, i18n } = useTranslation();
  const upload = useUploadAttachment(topicId, visitor);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    for (const file of chosen) {
      if (maxBytes > 0 && file.size > maxBytes) {
        toast.error(
          t('topics.attachments.uploadFailed'),
          t('topics.attachments.tooLarge', {
            name: file.name,
            max: formatBytes(maxBytes, i18n.language),
          }),
        );
        continue;
      }
      upload.mutate(
        { file, commentId },
        {
          onError: (error) =>
            toast.error(t('topics.attachments.uploadFailed'), errorMessage(error, t)),
        },
      );
    }
  };
  return { picked, pending: upload.isPending };
}

/**
 * Attach buttons: any file (PDFs, documents, photos from the library) and, on a phone, the
 * camera (`capture`: the picker opens the camera directly).
 */
export function AttachButtons({
  topicId,
  maxBytes,
  visitor,
}: {
  topicId: string;
  maxBytes: number;
  /** A share visitor with Issue Editing: uploads through the share, under their name. */
  visitor?: VisitorUploader;
}) {
  const { t } = useTranslation();
  const { picked, pending } = usePickedFiles(topicId, maxBytes, undefined, visitor);
  const files = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-1">
      <input
        ref={files}
        type="file"
        multiple
        className="hidden"
        data-testid="attach-file-input"
        onChange={picked}
      />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        className="hidden"
        data-testid="attach-camera-input"
        onChange={picked}
      />
      <Button
        variant="secondary"
        size="sm"
        loading={pending}
        onClick={() => files.current?.click()}
      >
        <Paperclip className="size-4" aria-hidden />
        {t('topics.attachments.attach')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => camera.current?.click()}>
        <Camera className="size-4" aria-hidden />
        {t('topics.attachments.photo')}
      </Button>
    </div>
  );
}

/** A small paperclip on a comment: attach files (or a photo: phones offer the camera) to it. */
export function AttachToComment({
  topicId,
  commentId,
  maxBytes,
  className,
}: {
  topicId: string;
  commentId: string;
  maxBytes: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const { picked } = usePickedFiles(topicId, maxBytes, commentId);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={input} type="file" multiple className="hidden" onChange={picked} />
      <button
        type="button"
        className={clsx('rounded p-0.5 text-gray-400 hover:text-gray-700', className)}
        aria-label={t('topics.attachments.attachToComment')}
        onClick={() => input.current?.click()}
      >
        <Paperclip className="size-3.5" aria-hidden />
      </button>
    </>
  );
}
