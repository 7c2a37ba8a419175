import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Layers, Trash2, Upload, UploadCloud } from 'lucide-react';
import type { Project } from '@truss/contracts';
import { Button, buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { Badge, PageHeader } from '../../../shared/ui/Page';
import { useCurrentProject, ProjectNotFound, useProjectName } from '../../projects';
import { useModelList, type ModelSort, type SortOrder } from '../api';
import { useCanUpload } from '../permissions';
import { useUploads } from '../uploads/store';
import { ModelDialogs, type ModelDialogState } from './ModelDialogs';
import { ModelCollection, type ModelView } from './ModelCollection';
import { SupportedFormats } from './SupportedFormats';
import { draggingFiles, UploadDialog, useUploadStarter } from './UploadDialog';
import { federatedViewPath, MAX_FEDERATED_MODELS } from '../../federation';
import { ModelListError } from './ModelListError';
import {
  DEFAULT_MODEL_SORT,
  MODEL_SORTS,
  MODEL_SORT_KEY,
  readStored,
  sortQuery,
  type ModelSortOption,
} from '../list-sort';

const VIEW_KEY = 'truss.models.view';
const SEARCH_DEBOUNCE_MS = 250;

function useStored<T extends string>(key: string, allowed: readonly T[], fallback: T) {
  const [value, setValue] = useState<T>(() => readStored(key, allowed, fallback));
  const set = (next: T) => {
    setValue(next);
    try {
      localStorage.setItem(key, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
  };
  return [value, set] as const;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Files dragged anywhere over the page: an overlay says where they go; a drop uploads them. */
function usePageDrop(enabled: boolean, onFiles: (files: File[]) => void, overlay: boolean) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const onFilesRef = useRef(onFiles);
  useEffect(() => {
    onFilesRef.current = onFiles;
  });
  useEffect(() => {
    if (!enabled) return;
    const enter = (e: DragEvent) => {
      if (!draggingFiles(e)) return;
      e.preventDefault();
      depth.current += 1;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!e.dataTransfer || !draggingFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    };
    const leave = () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      depth.current = 0;
      setDragging(false);
      // The upload dialog's own drop zone took these files already.
      if (e.defaultPrevented || !draggingFiles(e)) return;
      e.preventDefault();
      onFilesRef.current(Array.from(e.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [enabled]);
  return dragging && overlay;
}

function DropOverlay({ projectName }: { projectName: string }) {
  const { t } = useTranslation();
  return (
    <div
      aria-hidden
      className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-brand-900/10 p-6 backdrop-blur-[2px]"
    >
      <div className="flex max-w-sm flex-col items-center rounded-2xl border-2 border-dashed border-brand-500 bg-white px-10 py-8 text-center shadow-2xl">
        <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <UploadCloud className="size-6" />
        </span>
        <p className="text-base font-semibold text-gray-900">{t('models.dropTitle')}</p>
        <p className="mt-1 text-sm text-gray-600">
          {t('models.dropDescription', { project: projectName })}
        </p>
      </div>
    </div>
  );
}

function ProjectModels({ project }: { project: Project }) {
  const { t } = useTranslation();
  const projectName = useProjectName();
  const name = projectName(project);
  const mayUpload = useCanUpload(project);
  const [view, setView] = useStored<ModelView>(VIEW_KEY, ['list', 'grid'], 'list');
  const [sort, setSort] = useStored<ModelSortOption>(
    MODEL_SORT_KEY,
    MODEL_SORTS,
    DEFAULT_MODEL_SORT,
  );
  const [search, setSearch] = useState('');
  const query = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const { sort: field, order } = sortQuery(sort);
  const filter = useMemo(
    () => ({ trashed: false, sort: field, order, search: query.trim() }),
    [field, order, query],
  );
  const list = useModelList(project.id, filter);
  const starter = useUploadStarter(project);
  const [dialog, setDialog] = useState<ModelDialogState>(null);
  const dragging = usePageDrop(mayUpload, starter.addFiles, !starter.open);

  const allUploads = useUploads();
  const uploads = useMemo(
    () =>
      allUploads.filter(
        (i) =>
          i.projectId === project.id &&
          (i.state === 'uploading' || i.state === 'error') &&
          (!query.trim() || i.name.toLowerCase().includes(query.trim().toLowerCase())),
      ),
    [allUploads, project.id, query],
  );
  // A finished upload's model is in the list already: don't show both.
  const models = list.data ?? [];
  const visibleUploads = uploads.filter(
    (u) => !u.modelId || !models.some((m) => m.id === u.modelId),
  );
  const empty = models.length === 0 && visibleUploads.length === 0;
  // The ready models of the list, in one view (at most the federated page's limit).
  const ready = models.filter((m) => m.status === 'ready').slice(0, MAX_FEDERATED_MODELS);

  return (
    <>
      <PageHeader
        title={t('models.title')}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-medium text-gray-800">{name}</span>
            {project.is_default && <Badge tone="brand">{t('projects.defaultBadge')}</Badge>}
          </span>
        }
        actions={
          <>
            {ready.length >= 2 && (
              <Link
                to={federatedViewPath(
                  project.id,
                  ready.map((m) => m.id),
                )}
                title={t('federation.openHint')}
                className={buttonClass('ghost', 'md', 'text-gray-600')}
              >
                <Layers className="size-4" aria-hidden />
                {t('federation.open')}
              </Link>
            )}
            <Link
              to={`/models/trash?project=${project.id}`}
              className={buttonClass('ghost', 'md', 'text-gray-600')}
            >
              <Trash2 className="size-4" aria-hidden />
              {t('nav.trash')}
            </Link>
            {mayUpload && (
              <Button onClick={() => starter.setOpen(true)}>
                <Upload className="size-4" aria-hidden />
                {t('models.upload')}
              </Button>
            )}
          </>
        }
      />
      <div className="@container space-y-4">
        <ListToolbar
          search={search}
          onSearch={setSearch}
          searchLabel={t('models.search')}
          searchPlaceholder={t('models.searchPlaceholder')}
          busy={list.isFetching}
          sort={sort}
          onSort={setSort}
          sortLabel={t('models.sort')}
          sorts={MODEL_SORTS.map((s) => ({
            value: s,
            label: t(`models.sorts.${s.replace(':', '_') as `${ModelSort}_${SortOrder}`}`),
          }))}
          view={view}
          onView={setView}
          viewOrder={['list', 'grid']}
        />
        {list.error && !list.data ? (
          <ModelListError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <LoadingBlock label={t('models.loading')} />
        ) : empty && query.trim() ? (
          <p className="py-10 text-center text-sm text-gray-500">
            {t('models.noMatch', { query: query.trim() })}
          </p>
        ) : empty ? (
          <EmptyState
            icon={Box}
            title={t('models.emptyTitle')}
            description={mayUpload ? t('models.emptyDescription') : t('models.emptyReadOnly')}
          >
            <div className="flex flex-col items-center gap-6">
              {mayUpload && (
                <div className="flex flex-col items-center gap-2">
                  <Button variant="secondary" onClick={() => starter.setOpen(true)}>
                    <Upload className="size-4" aria-hidden />
                    {t('models.uploadFirst')}
                  </Button>
                  <p className="text-xs text-gray-500">{t('models.emptyDrop')}</p>
                </div>
              )}
              <SupportedFormats />
            </div>
          </EmptyState>
        ) : (
          <ModelCollection
            models={models}
            uploads={visibleUploads}
            project={project}
            view={view}
            onOpenDialog={setDialog}
          />
        )}
      </div>
      {mayUpload && <UploadDialog project={project} starter={starter} />}
      <ModelDialogs state={dialog} onClose={() => setDialog(null)} />
      {dragging && <DropOverlay projectName={name} />}
    </>
  );
}

/** A project's models: list or grid, sort, search, live statuses, uploads and row actions. */
export default function ModelsPage() {
  const { t } = useTranslation();
  const { project, isLoading, notFound } = useCurrentProject();

  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (notFound || !project) return <ProjectNotFound />;
  return <ProjectModels key={project.id} project={project} />;
}
