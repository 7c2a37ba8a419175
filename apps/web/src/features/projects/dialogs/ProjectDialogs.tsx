import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Check, FolderKanban } from 'lucide-react';
import clsx from 'clsx';
import {
  createProjectBodySchema,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  type Project,
  type UserSubscription,
} from '@truss/contracts';
import { DialogActions, Modal } from '../../../shared/ui/Dialog';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/Field';
import { textColorOn } from '../contrast';
import { errorMessage } from '../../../lib/errors';
import { ApiError } from '../../../lib/http';
import { useSchemaValidation } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { reportLimit } from '../../../lib/limit-prompt';
import { authStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';
import { subscriptionKey, subscriptionQuery } from '../../subscription';
import { useCreateProject, useUpdateProject } from '../api';
import { chooseProject } from '../current';
import {
  PROJECT_COLORS,
  ProjectAvatar,
  projectColor,
  useProjectName,
} from '../components/ProjectAvatar';
import { DeleteProjectDialog, LeaveProjectDialog } from '../components/ProjectDangerDialogs';
import { useOnOpen } from '../../../lib/use-on-open';

type Field = 'name' | 'description' | 'metadata';

function ColorSwatches({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="space-y-1.5">
      <p id={labelId} className="text-sm font-medium text-gray-800">
        {t('projectForm.color')}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {PROJECT_COLORS.map((color) => {
          const checked = value.toLowerCase() === color.hex;
          return (
            <button
              key={color.id}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={t(`projectForm.colors.${color.id}`)}
              onClick={() => onChange(color.hex)}
              className={clsx(
                'flex size-8 items-center justify-center rounded-full ring-offset-2 transition-shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                checked ? 'ring-2 ring-gray-900' : 'hover:ring-2 hover:ring-gray-300',
              )}
              style={{ backgroundColor: color.hex }}
            >
              {checked && (
                <Check
                  className={clsx(
                    'size-4',
                    textColorOn(color.hex) === 'white' ? 'text-white' : 'text-gray-950',
                  )}
                  aria-hidden
                />
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Create (no `project`) or edit a project: name, description, icon colour. */
export function ProjectFormDialog({
  open,
  onOpenChange,
  project,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project?: Project | undefined;
  /** After a create (the new project is selected either way); by default its models open. */
  onCreated?: (project: Project) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectName = useProjectName();
  const editing = !!project;
  const initial = () => ({
    name: project ? projectName(project) : '',
    description: project?.description ?? '',
    color: project ? projectColor(project) : PROJECT_COLORS[0].hex,
  });
  const [values, setValues] = useState(initial);
  const { errors, setErrors, submit, revalidate, applyServerErrors } = useSchemaValidation<
    typeof createProjectBodySchema,
    Field
  >(createProjectBodySchema, t);
  const create = useCreateProject();
  const update = useUpdateProject(project?.id ?? '');
  const mutation = editing ? update : create;

  // Start from the project's values each time the dialog opens.
  useOnOpen(open, () => {
    setValues(initial());
    setErrors({});
    create.reset();
    update.reset();
  });
  // At the plan's project limit the form cannot succeed: say so as it opens, not after it is
  // filled in. The subscription known now decides at once; a fresh one (another tab may have
  // created a project) follows while the form is still empty.
  const latestOpen = useRef(open);
  latestOpen.current = open;
  const refuseAtLimit = (subscription: UserSubscription | null | undefined) => {
    if (!subscription?.limits.projects.exceeded || !latestOpen.current) return false;
    reportLimit('PROJECT_LIMIT_EXCEEDED');
    onOpenChange(false);
    return true;
  };
  useOnOpen(open && !editing, () => {
    const known =
      queryClient.getQueryData<UserSubscription>(subscriptionKey) ??
      authStore.getState().subscription;
    if (refuseAtLimit(known)) return;
    queryClient
      .fetchQuery({ ...subscriptionQuery(), staleTime: 10_000 })
      .then(refuseAtLimit)
      .catch(() => undefined); // the server still refuses at the limit when the form is sent
  });

  const body = (v: typeof values) => ({
    name: v.name,
    description: v.description,
    metadata: { avatar_bg_color: v.color },
  });

  const set = (patch: Partial<typeof values>) => {
    const next = { ...values, ...patch };
    setValues(next);
    revalidate(body(next));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = submit(body(values));
    if (!parsed) return;
    if (project) {
      const changes = {
        ...(parsed.name !== projectName(project) ? { name: parsed.name } : {}),
        ...(parsed.description !== project.description ? { description: parsed.description } : {}),
        ...(values.color !== projectColor(project)
          ? { metadata: { avatar_bg_color: values.color } }
          : {}),
      };
      if (Object.keys(changes).length === 0) {
        onOpenChange(false);
        return;
      }
      update.mutate(changes, {
        onSuccess: () => {
          toast.success(t('projectForm.saved'));
          onOpenChange(false);
        },
        onError: applyServerErrors,
      });
      return;
    }
    create.mutate(parsed, {
      onSuccess: (created) => {
        toast.success(t('projectForm.created', { name: created.name }));
        onOpenChange(false);
        chooseProject(created.id);
        if (onCreated) onCreated(created);
        else navigate(`/models/${created.id}`);
      },
      onError: (error) => {
        // Over the plan's limit the form cannot succeed: the upgrade prompt takes over.
        if (reportLimit(error)) onOpenChange(false);
        else applyServerErrors(error);
      },
    });
  };

  const formId = useId();
  const preview = {
    id: project?.id ?? 'new',
    name: values.name.trim() || t('projectForm.namePlaceholder'),
    is_default: false,
    metadata: { avatar_bg_color: values.color },
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}
      title={editing ? t('projectForm.editTitle') : t('projectForm.createTitle')}
      description={editing ? undefined : t('projectForm.createDescription')}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={mutation.isPending}
          type="submit"
          form={formId}
        >
          {editing ? t('common.save') : t('projectForm.create')}
        </DialogActions>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4 pb-2">
        {/* Field errors from the server show under their fields; anything else up here. */}
        {mutation.error && !(mutation.error instanceof ApiError && mutation.error.fields) && (
          <FormAlert>{errorMessage(mutation.error, t)}</FormAlert>
        )}
        <div className="flex items-center gap-3 rounded-xl bg-gray-50 p-3">
          {values.name.trim() ? (
            <ProjectAvatar project={preview} size="xl" />
          ) : (
            <span
              aria-hidden
              className="flex size-12 shrink-0 items-center justify-center rounded-xl text-white"
              style={{ backgroundColor: values.color }}
            >
              <FolderKanban className="size-6" />
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-gray-900">{preview.name}</p>
            <p className="truncate text-xs text-gray-500">
              {values.description.trim() || t('projects.noDescription')}
            </p>
          </div>
        </div>
        <TextField
          label={t('projectForm.name')}
          name="name"
          autoComplete="off"
          autoFocus
          maxLength={PROJECT_NAME_MAX_LENGTH}
          placeholder={t('projectForm.namePlaceholder')}
          value={values.name}
          error={errors.name}
          disabled={mutation.isPending}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextAreaField
          label={t('projectForm.description')}
          name="description"
          rows={3}
          maxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
          placeholder={t('projectForm.descriptionPlaceholder')}
          value={values.description}
          error={errors.description}
          disabled={mutation.isPending}
          onChange={(e) => set({ description: e.target.value })}
        />
        <ColorSwatches value={values.color} onChange={(color) => set({ color })} />
      </form>
    </Modal>
  );
}

export type ProjectDialogState = { kind: 'edit' | 'delete' | 'leave'; project: Project } | null;

/** Opens one of the dialogs (a list's or a page's menu asks). */
export type OpenProjectDialog = (state: NonNullable<ProjectDialogState>) => void;

/** What a project's card, row and actions menu get. */
export interface ProjectItemProps {
  project: Project;
  onOpenDialog: OpenProjectDialog;
}

/**
 * The edit, delete and leave dialogs for one page. After a delete or leave, a page about that
 * project goes to /models (the current project is re-picked).
 */
export function ProjectDialogs({
  state,
  onClose,
  leavePage = false,
}: {
  state: ProjectDialogState;
  onClose: () => void;
  /** True on pages about the project itself: leave them once it is gone. */
  leavePage?: boolean;
}) {
  const navigate = useNavigate();
  const gone = () => {
    chooseProject(null);
    if (leavePage) navigate('/models', { replace: true });
  };
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      <ProjectFormDialog
        open={state?.kind === 'edit'}
        onOpenChange={close}
        project={state?.kind === 'edit' ? state.project : undefined}
      />
      <DeleteProjectDialog
        project={state?.kind === 'delete' ? state.project : null}
        onOpenChange={close}
        onDeleted={gone}
      />
      <LeaveProjectDialog
        project={state?.kind === 'leave' ? state.project : null}
        onOpenChange={close}
        onLeft={gone}
      />
    </>
  );
}
