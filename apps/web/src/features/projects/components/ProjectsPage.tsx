import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  FolderKanban,
  FolderPlus,
  Inbox,
  Mail,
  Star,
  Trash2,
  UserRound,
  Users,
  Wrench,
  ChevronRight,
} from 'lucide-react';
import type { Project } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { FormAlert } from '../../../components/ui/Field';
import { ListTableHead } from '../../../shared/ui/ListTableHead';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { Card, PageHeader } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { myInvitationsQuery } from '../api';
import { useCurrentProject } from '../current';
import { useProjectName } from './ProjectAvatar';
import {
  ProjectDialogs,
  ProjectFormDialog,
  type ProjectDialogState,
} from '../dialogs/ProjectDialogs';
import type { OpenProjectDialog } from '../dialogs/ProjectDialogs';
import { ProjectCard } from './ProjectCard';
import { ProjectRow } from './ProjectRow';
import { SharedWithMe } from './SharedWithMe';
import { TrashSection } from './ProjectTrashSection';

export type Sort =
  'updated-desc' | 'updated-asc' | 'created-desc' | 'created-asc' | 'name-asc' | 'name-desc';
export const SORTS: Sort[] = [
  'updated-desc',
  'updated-asc',
  'created-desc',
  'created-asc',
  'name-asc',
  'name-desc',
];

export function sortProjects(
  list: readonly Project[],
  sort: Sort,
  name: (p: Project) => string,
): Project[] {
  const [field, dir] = sort.split('-') as ['updated' | 'created' | 'name', 'asc' | 'desc'];
  const sign = dir === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    if (field === 'name') return sign * name(a).localeCompare(name(b));
    const key = field === 'updated' ? 'updated_at' : 'created_at';
    return sign * (new Date(a[key]).getTime() - new Date(b[key]).getTime());
  });
}

/** The sections of spec §2, plus "all". Project sections filter the list; two are special. */
export const SECTIONS = [
  'all',
  'created',
  'participated',
  'shared',
  'favorites',
  'custom',
  'trash',
] as const;
export type Section = (typeof SECTIONS)[number];

export const sectionFilters: Record<
  Exclude<Section, 'shared' | 'trash'>,
  (p: Project) => boolean
> = {
  all: () => true,
  created: (p) => p.role === 'owner',
  participated: (p) => p.role !== 'owner',
  favorites: (p) => p.is_favorite,
  custom: (p) => p.role === 'owner' && !p.is_default,
};

const sectionIcons: Record<Section, ComponentType<{ className?: string }>> = {
  all: FolderKanban,
  created: UserRound,
  participated: Users,
  shared: Mail,
  favorites: Star,
  custom: Wrench,
  trash: Trash2,
};

export type View = 'grid' | 'list';
export const VIEW_STORAGE_KEY = 'truss.projects.view';

function readView(): View {
  try {
    return localStorage.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

function useView(): [View, (view: View) => void] {
  const [view, setView] = useState<View>(readView);
  return [
    view,
    (next) => {
      setView(next);
      try {
        localStorage.setItem(VIEW_STORAGE_KEY, next);
      } catch {
        // private mode: the choice lasts for this page only
      }
    },
  ];
}

function ProjectCollection({
  projects,
  view,
  onOpenDialog,
}: {
  projects: Project[];
  view: View;
  onOpenDialog: OpenProjectDialog;
}) {
  const { t } = useTranslation();
  if (view === 'grid') {
    return (
      <ul className="grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-3">
        {projects.map((p) => (
          <li key={p.id}>
            <ProjectCard project={p} onOpenDialog={onOpenDialog} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card className="overflow-hidden">
      <table className="w-full table-fixed text-left text-sm">
        <ListTableHead
          columns={[
            { label: t('projects.columns.name') },
            { label: t('projects.columns.role'), className: 'hidden w-56 md:table-cell' },
            { label: t('projects.columns.models'), className: 'hidden w-20 lg:table-cell' },
            { label: t('projects.columns.members'), className: 'hidden w-20 lg:table-cell' },
            { label: t('projects.columns.updated'), className: 'hidden w-36 sm:table-cell' },
          ]}
          actions={{ label: t('projects.columns.actions'), className: 'w-24' }}
        />
        <tbody>
          {projects.map((p) => (
            <ProjectRow key={p.id} project={p} onOpenDialog={onOpenDialog} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

const emptyIcons: Partial<Record<Section, ComponentType<{ className?: string }>>> = {
  favorites: Star,
  participated: Users,
  custom: FolderPlus,
};

/** /project: every project, by section, searchable and sortable, as cards or a table. */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const { projects, isLoading, error } = useCurrentProject();
  const projectName = useProjectName();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as Section | null;
  const section: Section = tabParam && SECTIONS.includes(tabParam) ? tabParam : 'all';
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>('updated-desc');
  const [view, setView] = useView();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<ProjectDialogState>(null);
  const invitations = useQuery(myInvitationsQuery());
  const tabsRef = useRef<HTMLDivElement>(null);
  // On phones the sections scroll sideways: keep the chosen one in view.
  useEffect(() => {
    tabsRef.current
      ?.querySelector('[data-state="active"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [section]);
  const pending = invitations.data?.length ?? 0;

  const counts = useMemo(() => {
    const out = {} as Record<Section, number>;
    for (const s of SECTIONS) {
      if (s === 'shared') out[s] = pending;
      else if (s === 'trash') out[s] = 0;
      else out[s] = projects.filter(sectionFilters[s]).length;
    }
    return out;
  }, [projects, pending]);

  const visible = useMemo(() => {
    if (section === 'shared' || section === 'trash') return [];
    const q = query.trim().toLowerCase();
    const inSection = projects.filter(sectionFilters[section]);
    const filtered = q
      ? inSection.filter((p) => `${projectName(p)} ${p.description}`.toLowerCase().includes(q))
      : inSection;
    return sortProjects(filtered, sort, projectName);
  }, [projects, section, query, sort, projectName]);

  const selectSection = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={t('projects.title')}
        subtitle={t('projects.subtitle')}
        actions={
          <Button onClick={() => setCreating(true)}>
            <FolderPlus className="size-4" aria-hidden />
            {t('projects.new')}
          </Button>
        }
      />
      {error ? (
        <FormAlert>{errorMessage(error, t)}</FormAlert>
      ) : isLoading ? (
        <LoadingBlock label={t('projects.loading')} />
      ) : (
        <Tabs.Root
          value={section}
          onValueChange={selectSection}
          className="flex flex-col gap-6 lg:flex-row lg:items-start"
          activationMode="manual"
        >
          <Tabs.List
            ref={tabsRef}
            aria-label={t('projects.sections')}
            className="-mx-4 flex shrink-0 gap-1 overflow-x-auto border-b border-gray-200 px-4 pb-px sm:-mx-6 sm:px-6 lg:sticky lg:top-24 lg:mx-0 lg:w-60 lg:flex-col lg:overflow-visible lg:border-0 lg:p-0"
          >
            {SECTIONS.map((s) => {
              const Icon = sectionIcons[s];
              return (
                <Tabs.Trigger
                  key={s}
                  value={s}
                  className={clsx(
                    'group -mb-px flex shrink-0 items-center gap-2.5 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-gray-600 transition-colors hover:text-gray-900',
                    'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                    'lg:mb-0 lg:rounded-lg lg:border-0 lg:py-2 lg:hover:bg-gray-200/60 lg:data-[state=active]:bg-white lg:data-[state=active]:shadow-xs lg:data-[state=active]:ring-1 lg:data-[state=active]:ring-gray-200',
                    s === 'trash' && 'lg:mt-3',
                  )}
                >
                  <Icon
                    className="size-4 shrink-0 text-gray-400 group-data-[state=active]:text-brand-600"
                    aria-hidden
                  />
                  <span className="lg:flex-1 lg:text-left">{t(`projects.tabs.${s}`)}</span>
                  {s !== 'trash' && (
                    <span
                      className={clsx(
                        'rounded-full px-1.5 text-xs tabular-nums',
                        s === 'shared' && counts[s] > 0
                          ? 'bg-brand-600 text-white'
                          : 'bg-gray-100 text-gray-500 group-data-[state=active]:bg-brand-50 group-data-[state=active]:text-brand-700',
                      )}
                    >
                      {counts[s]}
                    </span>
                  )}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>

          <div className="@container min-w-0 flex-1">
            {SECTIONS.map((s) => (
              <Tabs.Content key={s} value={s} className="space-y-4 outline-none">
                {s === section && (
                  <>
                    {s === 'all' && pending > 0 && (
                      <button
                        type="button"
                        onClick={() => selectSection('shared')}
                        className="flex w-full items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-left text-sm text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        <Inbox className="size-5 shrink-0 text-brand-600" aria-hidden />
                        <span className="flex-1">
                          {t('sharedWithMe.banner', { count: pending })}
                        </span>
                        <ChevronRight className="size-4 text-brand-600" aria-hidden />
                      </button>
                    )}
                    {s === 'shared' && <SharedWithMe />}
                    {s === 'trash' && <TrashSection projects={projects} />}
                    {s !== 'shared' && s !== 'trash' && (
                      <>
                        <ListToolbar
                          search={query}
                          onSearch={setQuery}
                          searchLabel={t('projects.search')}
                          searchPlaceholder={t('projects.searchPlaceholder')}
                          sort={sort}
                          onSort={setSort}
                          sortLabel={t('projects.sort')}
                          sorts={SORTS.map((s) => ({ value: s, label: t(`projects.sorts.${s}`) }))}
                          view={view}
                          onView={setView}
                          viewOrder={['grid', 'list']}
                        />
                        {visible.length > 0 ? (
                          <ProjectCollection
                            projects={visible}
                            view={view}
                            onOpenDialog={setDialog}
                          />
                        ) : query.trim() ? (
                          <p className="py-10 text-center text-sm text-gray-500">
                            {t('projects.noMatch')}
                          </p>
                        ) : (
                          <EmptyState
                            icon={emptyIcons[s] ?? FolderKanban}
                            title={t(`projects.empty.${s}.title`)}
                            description={t(`projects.empty.${s}.description`)}
                          >
                            {(s === 'custom' || s === 'created' || s === 'all') && (
                              <Button variant="secondary" onClick={() => setCreating(true)}>
                                <FolderPlus className="size-4" aria-hidden />
                                {t('projects.createOne')}
                              </Button>
                            )}
                          </EmptyState>
                        )}
                      </>
                    )}
                  </>
                )}
              </Tabs.Content>
            ))}
          </div>
        </Tabs.Root>
      )}
      <ProjectFormDialog open={creating} onOpenChange={setCreating} />
      <ProjectDialogs state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
