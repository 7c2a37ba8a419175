import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import clsx from 'clsx';
import {
  AlertCircle,
  Ban,
  CheckCircle2,
  FileBox,
  History,
  RotateCcw,
  UploadCloud,
  X,
} from 'lucide-react';
import { isErrorCode, MAX_CONCURRENT_UPLOADS, type Project } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { Progress } from '../../../components/ui/Progress';
import { formatBytes } from '../../../lib/format';
import { useCurrentProject } from '../../projects/current';
import { useProjectName } from '../../projects/components/ProjectAvatar';
import type { UploadFailure, UploadItem } from '../uploads/queue';
import { refreshUnfinished, useUnfinishedUploads, useUploads, uploadQueue } from '../uploads/store';
import { discardUpload } from '../uploads/tus';
import type { UnfinishedUpload } from '../uploads/url-storage';
import { ACCEPTED_EXTENSIONS, ACCEPT_ATTRIBUTE } from './SupportedFormats';

/** Spec §8 words first ("Unsupported file format", "Maximum 3 Files Allowed", "Upload Failed"). */
export function uploadFailureParts(
  failure: UploadFailure,
  t: TFunction,
): { headline: string; detail: string | null } {
  const headline =
    failure.code === 'UNSUPPORTED_FORMAT' || failure.code === 'TOO_MANY_UPLOADS'
      ? t(`errors.${failure.code}`)
      : t('errors.UPLOAD_FAILED');
  let detail: string | null = null;
  if (failure.network) detail = t('uploads.networkError');
  else if (failure.serverMessage && failure.serverMessage !== headline) {
    detail = failure.serverMessage;
  } else if (failure.code === 'UNSUPPORTED_FORMAT') detail = t('uploads.unsupportedHelp');
  else if (failure.code === 'TOO_MANY_UPLOADS') detail = t('uploads.waitForSlot');
  else if (isErrorCode(failure.code) && failure.code !== 'UPLOAD_FAILED') {
    detail = t(`errors.${failure.code}`);
  }
  return { headline, detail };
}

export function useUploadFailureText(): (item: Pick<UploadItem, 'failure'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (item) => {
      if (!item.failure) return '';
      const { headline, detail } = uploadFailureParts(item.failure, t);
      return detail ? `${headline} — ${detail}` : headline;
    },
    [t],
  );
}

/** Why files were not added (spec §5: at most 3 files at once). */
export type UploadRefusal =
  | { kind: 'tooMany'; chosen: number; running: number }
  | { kind: 'wrongFile'; entry: UnfinishedUpload };

/** Opening the dialog and adding files (from the picker, a drop on the page, or a resume). */
export function useUploadStarter(project: Project | null) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  const addFiles = useCallback(
    (files: File[], projectId = project?.id) => {
      setOpen(true);
      if (!projectId || files.length === 0) return;
      const running = uploadQueue.activeCount();
      const result = uploadQueue.add(files, projectId);
      setRefusal(result.ok ? null : { kind: 'tooMany', chosen: files.length, running });
    },
    [project?.id],
  );
  const openDialog = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) setRefusal(null);
  }, []);
  return { open, setOpen: openDialog, refusal, setRefusal, addFiles };
}

export type UploadStarter = ReturnType<typeof useUploadStarter>;

function filesOf(list: FileList | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

/** True while something with files is dragged over (not text or a link). */
export function draggingFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

function StateIcon({ item }: { item: UploadItem }) {
  const common = 'size-5 shrink-0';
  switch (item.state) {
    case 'completed':
      return <CheckCircle2 className={clsx(common, 'text-emerald-600')} aria-hidden />;
    case 'error':
      return <AlertCircle className={clsx(common, 'text-red-600')} aria-hidden />;
    case 'cancelled':
      return <Ban className={clsx(common, 'text-gray-400')} aria-hidden />;
    default:
      return <UploadCloud className={clsx(common, 'text-brand-600')} aria-hidden />;
  }
}

function UploadEntry({
  item,
  projectLabel,
  onRetryRefused,
}: {
  item: UploadItem;
  projectLabel: string | null;
  onRetryRefused: () => void;
}) {
  const { t, i18n } = useTranslation();
  const size = formatBytes(item.size, i18n.language);
  const failure = item.failure ? uploadFailureParts(item.failure, t) : null;
  const iconButton =
    'rounded-lg p-1.5 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <li className="flex items-start gap-3 px-3 py-3" aria-label={item.name} data-state={item.state}>
      <StateIcon item={item} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate text-sm font-medium text-gray-900" title={item.name}>
            {item.name}
          </p>
          <span className="shrink-0 text-xs font-medium text-gray-600">
            {t(`uploads.states.${item.state}`)}
          </span>
        </div>
        {projectLabel && <p className="truncate text-xs text-gray-500">{projectLabel}</p>}
        {item.state === 'uploading' && (
          <div className="mt-2">
            <Progress
              value={item.progress}
              label={t('uploads.progressLabel', { name: item.name })}
            />
            <p className="mt-1 flex justify-between gap-2 text-xs text-gray-500 tabular-nums">
              <span className="truncate">
                {item.reconnecting
                  ? t('uploads.reconnecting')
                  : item.resumed
                    ? t('uploads.resuming')
                    : t('uploads.bytes', {
                        sent: formatBytes(item.bytesSent, i18n.language),
                        total: size,
                      })}
              </span>
              {item.progress !== null && <span>{Math.floor(item.progress)}%</span>}
            </p>
          </div>
        )}
        {item.state === 'completed' && (
          <p className="mt-0.5 text-xs text-gray-600">
            {t('uploads.completedHint', { size })}{' '}
            {item.modelId && (
              <Link
                to={`/model/${item.modelId}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {t('uploads.openModel')}
              </Link>
            )}
          </p>
        )}
        {item.state === 'cancelled' && (
          <p className="mt-0.5 text-xs text-gray-500">{t('uploads.cancelledHint')}</p>
        )}
        {failure && (
          <div className="mt-1 text-xs" role="alert">
            <p className="font-medium text-red-700">{failure.headline}</p>
            {failure.detail && <p className="text-red-700/90">{failure.detail}</p>}
          </div>
        )}
      </div>
      <div className="-mt-1 -mr-1 flex shrink-0 items-center">
        {item.state === 'uploading' ? (
          <button
            type="button"
            className={iconButton}
            aria-label={t('uploads.cancelNamed', { name: item.name })}
            title={t('uploads.cancel')}
            onClick={() => uploadQueue.cancel(item.id)}
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : (
          <>
            {(item.state === 'cancelled' || item.failure?.retryable) && (
              <button
                type="button"
                className={iconButton}
                aria-label={t('uploads.retryNamed', { name: item.name })}
                title={t('uploads.retry')}
                onClick={() => {
                  if (!uploadQueue.retry(item.id).ok) onRetryRefused();
                }}
              >
                <RotateCcw className="size-4" aria-hidden />
              </button>
            )}
            <button
              type="button"
              className={iconButton}
              aria-label={t('uploads.dismissNamed', { name: item.name })}
              title={t('uploads.dismiss')}
              onClick={() => uploadQueue.remove(item.id)}
            >
              <X className="size-4" aria-hidden />
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function UnfinishedEntry({
  entry,
  projectLabel,
  onResume,
}: {
  entry: UnfinishedUpload;
  projectLabel: string | null;
  onResume: (entry: UnfinishedUpload) => void;
}) {
  const { t, i18n } = useTranslation();
  const [discarding, setDiscarding] = useState(false);
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" aria-label={entry.filename}>
      <History className="size-5 shrink-0 text-amber-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900" title={entry.filename}>
          {entry.filename}
        </p>
        <p className="truncate text-xs text-gray-500">
          {[formatBytes(entry.size, i18n.language), projectLabel].filter(Boolean).join(' · ')}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('uploads.resumeNamed', { name: entry.filename })}
        onClick={() => onResume(entry)}
      >
        {t('uploads.resume')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        loading={discarding}
        aria-label={t('uploads.discardNamed', { name: entry.filename })}
        onClick={() => {
          setDiscarding(true);
          void discardUpload(entry.uploadUrl).finally(() => setDiscarding(false));
        }}
      >
        {t('uploads.discard')}
      </Button>
    </li>
  );
}

/**
 * The upload dialog: choose or drop up to 3 files; each shows its progress and ends completed,
 * failed (in the spec's words, plus the server's) or cancelled. Unfinished uploads of an earlier
 * visit are offered for resuming: choosing the same file again continues where it stopped.
 */
export function UploadDialog({ project, starter }: { project: Project; starter: UploadStarter }) {
  const { t, i18n } = useTranslation();
  const { open, setOpen, refusal, setRefusal, addFiles } = starter;
  const items = useUploads();
  const unfinished = useUnfinishedUploads();
  const { projects } = useCurrentProject();
  const projectName = useProjectName();
  const pickRef = useRef<HTMLInputElement>(null);
  const resumeRef = useRef<HTMLInputElement>(null);
  const [resuming, setResuming] = useState<UnfinishedUpload | null>(null);
  const [over, setOver] = useState(false);
  const name = projectName(project);

  // Another tab may have started or finished uploads since: read tus storage again on opening.
  useEffect(() => {
    if (open) refreshUnfinished();
  }, [open]);

  const otherProjectLabel = (projectId: string) => {
    if (projectId === project.id) return null;
    const p = projects.find((x) => x.id === projectId);
    return p ? t('uploads.inProject', { project: projectName(p) }) : null;
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(false);
    addFiles(filesOf(event.dataTransfer.files));
  };

  const onResumePicked = (file: File | undefined) => {
    const entry = resuming;
    setResuming(null);
    if (!file || !entry) return;
    if (file.name !== entry.filename || file.size !== entry.size) {
      setRefusal({ kind: 'wrongFile', entry });
      return;
    }
    addFiles([file], entry.projectId);
  };

  const finished = items.some((i) => i.state !== 'uploading');
  // Once files are listed, the drop zone gets out of their way.
  const compact = items.length > 0 || unfinished.length > 0;
  const tooManyDetail =
    refusal?.kind === 'tooMany'
      ? refusal.running > 0
        ? t('uploads.tooManyRunning', { count: refusal.running })
        : t('uploads.tooMany', { count: refusal.chosen })
      : null;

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={t('uploads.title')}
      description={t('uploads.description', { project: name })}
      footer={
        <>
          {finished && (
            <Button variant="secondary" onClick={() => uploadQueue.clearFinished()}>
              {t('uploads.clearFinished')}
            </Button>
          )}
          <Button onClick={() => setOpen(false)}>{t('common.done')}</Button>
        </>
      }
    >
      <div className="space-y-4 pb-2">
        {refusal?.kind === 'tooMany' && (
          <FormAlert>
            <p className="font-medium">{t('errors.TOO_MANY_UPLOADS')}</p>
            <p>{tooManyDetail}</p>
          </FormAlert>
        )}
        {refusal?.kind === 'wrongFile' && (
          <FormAlert>
            {t('uploads.wrongFile', {
              name: refusal.entry.filename,
              size: formatBytes(refusal.entry.size, i18n.language),
            })}
          </FormAlert>
        )}

        {items.length > 0 && (
          <section aria-label={t('uploads.listLabel')}>
            <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200">
              {items.map((item) => (
                <UploadEntry
                  key={item.id}
                  item={item}
                  projectLabel={otherProjectLabel(item.projectId)}
                  onRetryRefused={() =>
                    setRefusal({ kind: 'tooMany', chosen: 1, running: uploadQueue.activeCount() })
                  }
                />
              ))}
            </ul>
          </section>
        )}

        {unfinished.length > 0 && (
          <section aria-labelledby="unfinished-uploads">
            <h3 id="unfinished-uploads" className="text-sm font-medium text-gray-900">
              {t('uploads.unfinishedTitle')}
            </h3>
            <p className="mb-2 text-xs text-gray-500">{t('uploads.unfinishedHint')}</p>
            <ul className="divide-y divide-gray-100 rounded-xl border border-amber-200 bg-amber-50/40">
              {unfinished.map((entry) => (
                <UnfinishedEntry
                  key={entry.key}
                  entry={entry}
                  projectLabel={otherProjectLabel(entry.projectId)}
                  onResume={(e) => {
                    setResuming(e);
                    resumeRef.current?.click();
                  }}
                />
              ))}
            </ul>
          </section>
        )}

        <div
          onDragEnter={(e) => {
            if (!draggingFiles(e)) return;
            e.preventDefault();
            setOver(true);
          }}
          onDragOver={(e) => {
            if (!draggingFiles(e)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
          }}
          onDrop={onDrop}
          className={clsx(
            'flex rounded-xl border-2 border-dashed transition-colors',
            compact
              ? 'flex-row items-center gap-3 px-4 py-3 text-left'
              : 'flex-col items-center px-4 py-7 text-center',
            over ? 'border-brand-500 bg-brand-50' : 'border-gray-300 bg-gray-50/60',
          )}
        >
          <span
            className={clsx(
              'flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-brand-600 shadow-xs ring-1 ring-gray-200',
              !compact && 'mb-3',
            )}
          >
            <UploadCloud className="size-5" aria-hidden />
          </span>
          <div className={clsx(compact && 'min-w-0 flex-1')}>
            <p className="text-sm font-medium text-gray-900">{t('uploads.drop')}</p>
            <p className={clsx('mt-0.5 text-xs text-gray-500', !compact && 'mb-3')}>
              {t('uploads.limit', { count: MAX_CONCURRENT_UPLOADS })}
            </p>
          </div>
          <Button variant="secondary" onClick={() => pickRef.current?.click()}>
            <FileBox className="size-4" aria-hidden />
            {t('uploads.choose')}
          </Button>
          <input
            ref={pickRef}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            aria-label={t('uploads.choose')}
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              addFiles(filesOf(e.target.files));
              e.target.value = '';
            }}
          />
          <input
            ref={resumeRef}
            type="file"
            aria-label={t('uploads.resume')}
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              onResumePicked(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>

        <div>
          <p className="mb-1.5 text-xs font-medium text-gray-500">{t('uploads.accepted')}</p>
          <p className="font-mono text-xs leading-5 text-gray-600">
            {ACCEPTED_EXTENSIONS.join('  ')}
          </p>
          <p className="mt-1 text-xs text-gray-500">{t('uploads.contentChecked')}</p>
        </div>

        <p className="text-xs text-gray-500">{t('uploads.background')}</p>
      </div>
    </Modal>
  );
}
