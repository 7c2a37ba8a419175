import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, FolderKanban, Plus, Search, Star, Users } from 'lucide-react';
import type { Project } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { inputClass } from '../../../components/ui/Field';
import { Badge, Card, PageHeader } from '../../../components/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { Tooltip } from '../../../components/ui/Tooltip';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { relativeTime } from '../../../lib/format';
import { useCurrentProject } from '../current';
import { ProjectAvatar, useProjectName } from './ProjectAvatar';

type Sort =
  'updated-desc' | 'updated-asc' | 'created-desc' | 'created-asc' | 'name-asc' | 'name-desc';
const SORTS: Sort[] = [
  'updated-desc',
  'updated-asc',
  'created-desc',
  'created-asc',
  'name-asc',
  'name-desc',
];

function sortProjects(list: Project[], sort: Sort, name: (p: Project) => string): Project[] {
  const [field, dir] = sort.split('-') as ['updated' | 'created' | 'name', 'asc' | 'desc'];
  const sign = dir === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    if (field === 'name') return sign * name(a).localeCompare(name(b));
    const key = field === 'updated' ? 'updated_at' : 'created_at';
    return sign * (new Date(a[key]).getTime() - new Date(b[key]).getTime());
  });
}

function ProjectCard({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const name = useProjectName()(project);
  return (
    <Link
      to={`/models/${project.id}`}
      className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <Card className="flex h-full flex-col p-4 transition-shadow group-hover:border-gray-300 group-hover:shadow-md">
        <div className="flex items-start gap-3">
          <ProjectAvatar project={project} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-1.5 truncate font-medium text-gray-900">
              <span className="truncate">{name}</span>
              {project.is_favorite && (
                <Star
                  className="size-3.5 shrink-0 fill-amber-400 text-amber-400"
                  aria-label={t('projects.favorite')}
                />
              )}
            </p>
            <div className="mt-1 flex flex-wrap gap-1.5">
              {project.is_default && <Badge tone="brand">{t('projects.defaultBadge')}</Badge>}
              <Badge>{t(`roles.${project.role}`)}</Badge>
              <Badge tone={project.tier === 'paid' ? 'green' : 'gray'}>
                {project.tier === 'paid' ? t('project.tierPaid') : t('project.tierFree')}
              </Badge>
            </div>
          </div>
        </div>
        <p className="mt-3 line-clamp-2 min-h-10 text-sm text-gray-600">
          {project.description || t('projects.noDescription')}
        </p>
        <div className="mt-4 flex items-center gap-4 border-t border-gray-100 pt-3 text-xs text-gray-500">
          <span className="inline-flex items-center gap-1">
            <Box className="size-3.5" aria-hidden />
            {t('projects.modelCount', { count: project.model_count })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="size-3.5" aria-hidden />
            {t('projects.memberCount', { count: project.member_count })}
          </span>
          <span className="ml-auto">
            {t('projects.updated', { time: relativeTime(project.updated_at, t, i18n.language) })}
          </span>
        </div>
      </Card>
    </Link>
  );
}

function Section({ title, projects }: { title: string; projects: Project[] }) {
  if (projects.length === 0) return null;
  return (
    <section className="space-y-3">
      <h2 className="text-sm font-semibold text-gray-700">
        {title} <span className="font-normal text-gray-400">({projects.length})</span>
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {projects.map((p) => (
          <ProjectCard key={p.id} project={p} />
        ))}
      </div>
    </section>
  );
}

/** /project: the user's projects (read-only in this release). */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const { projects, isLoading, error } = useCurrentProject();
  const projectName = useProjectName();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>('updated-desc');

  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    const filtered = q
      ? projects.filter((p) => `${projectName(p)} ${p.description}`.toLowerCase().includes(q))
      : projects;
    return sortProjects(filtered, sort, projectName);
  }, [projects, query, sort, projectName]);

  return (
    <>
      <PageHeader
        title={t('projects.title')}
        subtitle={t('projects.subtitle')}
        actions={
          <Tooltip content={t('projects.createNextRelease')}>
            <span tabIndex={0} className="rounded-lg">
              <Button disabled>
                <Plus className="size-4" aria-hidden />
                {t('projects.new')}
              </Button>
            </span>
          </Tooltip>
        }
      />
      {error ? (
        <FormAlert>{errorMessage(error, t)}</FormAlert>
      ) : isLoading ? (
        <LoadingBlock label={t('projects.loading')} />
      ) : projects.length === 0 ? (
        <EmptyState
          icon={FolderKanban}
          title={t('projects.emptyTitle')}
          description={t('projects.emptyDescription')}
        />
      ) : (
        <div className="space-y-6">
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
                aria-hidden
              />
              <input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t('projects.searchPlaceholder')}
                aria-label={t('projects.search')}
                className={inputClass(false, 'pl-9')}
              />
            </div>
            <select
              value={sort}
              onChange={(e) => setSort(e.target.value as Sort)}
              aria-label={t('projects.sort')}
              className={inputClass(false, 'sm:w-56')}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`projects.sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
          {visible.length === 0 ? (
            <p className="py-10 text-center text-sm text-gray-500">{t('projects.noMatch')}</p>
          ) : (
            <>
              <Section
                title={t('projects.mine')}
                projects={visible.filter((p) => p.role === 'owner')}
              />
              <Section
                title={t('projects.shared')}
                projects={visible.filter((p) => p.role !== 'owner')}
              />
            </>
          )}
        </div>
      )}
    </>
  );
}
