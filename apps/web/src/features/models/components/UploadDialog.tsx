import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { FileBox, UploadCloud } from 'lucide-react';
import { MAX_CONCURRENT_UPLOADS, type Project } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../shared/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { formatBytes } from '../../../lib/format';
import { useCurrentProject, useProjectName } from '../../projects';
import { planUploads, uploadSources } from '../uploads/bundle';
import { refreshUnfinished, useUnfinishedUploads, useUploads, uploadQueue } from '../uploads/store';
import type { UnfinishedUpload } from '../uploads/url-storage';
import { ACCEPTED_EXTENSIONS, ACCEPT_ATTRIBUTE } from './SupportedFormats';
import { UnfinishedUploadEntry } from './UnfinishedUploadEntry';
import { UploadEntry } from './UploadEntry';

/** Why files were not added (spec §5: at most 3 files at once). */
type UploadRefusal =
  | { kind: 'tooMany'; chosen: number; running: number }
  | { kind: 'wrongFile'; entry: UnfinishedUpload }
  /** Materials, buffers or textures picked without the model file that uses them. */
  | { kind: 'companionsOnly'; names: string[] }
  | { kind: 'bundleFailed'; message: string };

/** Opening the dialog and adding files (from the picker, a drop on the page, or a resume). */
export function useUploadStarter(project: Project | null) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  const addFiles = useCallback(
    (files: File[], projectId = project?.id) => {
      setOpen(true);
      if (!projectId || files.length === 0) return;
      // Files that belong together (an OBJ with its MTL and textures...) become one upload.
      const plan = planUploads(files);
      if (!plan.ok) {
        setRefusal({ kind: 'companionsOnly', names: plan.names });
        return;
      }
      const running = uploadQueue.activeCount();
      if (plan.parts.length > uploadQueue.room()) {
        setRefusal({ kind: 'tooMany', chosen: plan.parts.length, running });
        return;
      }
      void uploadSources(plan).then(
        (sources) => {
          const result = uploadQueue.add(sources, projectId);
          setRefusal(result.ok ? null : { kind: 'tooMany', chosen: sources.length, running });
        },
        (error: unknown) =>
          setRefusal({
            kind: 'bundleFailed',
            message: error instanceof Error ? error.message : String(error),
          }),
      );
    },
    [project?.id],
  );
  const openDialog = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) setRefusal(null);
  }, []);
  return { open, setOpen: openDialog, refusal, setRefusal, addFiles };
}

type UploadStarter = ReturnType<typeof useUploadStarter>;

function filesOf(list: FileList | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

/** True while something with files is dragged over (not text or a link). */
export function draggingFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
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
        {refusal?.kind === 'companionsOnly' && (
          <FormAlert>
            {t('uploads.companionsOnly', {
              names: refusal.names.join(', '),
              count: refusal.names.length,
            })}
          </FormAlert>
        )}
        {refusal?.kind === 'bundleFailed' && (
          <FormAlert>{t('uploads.bundleFailed', { message: refusal.message })}</FormAlert>
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
                <UnfinishedUploadEntry
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
            // The visible button above stands for it: one "Choose files" for assistive tech.
            aria-hidden
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
