import { lazy, Suspense, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Check, ChevronsUpDown, FolderKanban, Plus, Star } from 'lucide-react';
import { menuContentClass, menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import { Spinner } from '../../../components/ui/Spinner';
import { chooseProject, useCurrentProject } from '../current';
import { ProjectAvatar, useProjectName } from './ProjectAvatar';
import { useLatch } from '../../../lib/use-latch';

/** The new-project form (with its schema, and so zod) loads when first opened. */
const ProjectFormDialog = lazy(async () => ({
  default: (await import('../dialogs/ProjectDialogs')).ProjectFormDialog,
}));

/** Project switcher (Radix DropdownMenu) fed by GET /api/project. */
export function ProjectSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { frameProject: project, projects, isLoading, error } = useCurrentProject();
  const projectName = useProjectName();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const createOpened = useLatch(creating);

  if (isLoading) {
    return (
      <div className="flex h-12 items-center gap-2 px-3 text-sm text-gray-500">
        <Spinner className="size-4" /> {t('projects.loading')}
      </div>
    );
  }
  if (error || !project) {
    return <p className="px-3 py-2 text-xs text-red-600">{t('projects.loadFailed')}</p>;
  }

  const select = (id: string) => {
    chooseProject(id);
    // On a page about one project, follow the switch there; elsewhere the page just re-renders.
    if (params.id) navigate(window.location.pathname.replace(params.id, id));
    else if (params.name) navigate(`/models/${id}`);
    else if (search.has('project')) navigate(`${window.location.pathname}?project=${id}`);
    onNavigate?.();
  };

  const name = projectName(project);
  // Favourites first, then the list's order (default project first).
  const ordered = [...projects].sort((a, b) => Number(b.is_favorite) - Number(a.is_favorite));
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="flex w-full items-center gap-3 rounded-xl border border-gray-200 bg-white p-2 text-left shadow-xs transition-colors hover:border-gray-300 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:border-brand-300">
          <ProjectAvatar project={project} />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium text-gray-900">{name}</span>
            <span className="block truncate text-xs text-gray-500">
              {t(`roles.${project.role}`)} ·{' '}
              {project.tier === 'paid' ? t('project.tierPaid') : t('project.tierFree')}
            </span>
          </span>
          {/* What it shows, then what it does (WCAG 2.5.3, label in name). */}
          <span className="sr-only">{t('projects.switchProject')}</span>
          <ChevronsUpDown className="size-4 shrink-0 text-gray-400" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={6}
            className={`${menuContentClass} w-[var(--radix-dropdown-menu-trigger-width)] min-w-60`}
          >
            <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-gray-500">
              {t('projects.title')}
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={project.id}
              onValueChange={select}
              className="max-h-72 overflow-y-auto"
            >
              {ordered.map((p) => (
                <DropdownMenu.RadioItem key={p.id} value={p.id} className={menuItemClass}>
                  <ProjectAvatar project={p} size="sm" />
                  <span className="min-w-0 flex-1 truncate">{projectName(p)}</span>
                  {p.is_favorite && (
                    <Star className="size-3.5 shrink-0 fill-amber-400 text-amber-400" aria-hidden />
                  )}
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-brand-600" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
            <DropdownMenu.Item
              className={menuItemClass}
              onSelect={() => {
                navigate('/project');
                onNavigate?.();
              }}
            >
              <FolderKanban className="size-4 text-gray-500" aria-hidden />
              {t('projects.all')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuItemClass} onSelect={() => setCreating(true)}>
              <Plus className="size-4 text-gray-500" aria-hidden />
              {t('projects.new')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {createOpened && (
        <Suspense fallback={null}>
          <ProjectFormDialog
            open={creating}
            onOpenChange={setCreating}
            onCreated={(created) => {
              navigate(`/models/${created.id}`);
              onNavigate?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
