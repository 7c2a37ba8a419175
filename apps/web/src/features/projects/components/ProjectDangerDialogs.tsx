import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { type Project } from '@truss/contracts';
import { ConfirmDialog, DialogActions, Modal } from '../../../shared/ui/Dialog';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useDeleteProject, useLeaveProject, useMyId } from '../api';
import { useProjectName } from './ProjectAvatar';
import { useOnOpen } from '../../../lib/use-on-open';

/** Permanent deletion: the user types DELETE. Models, files and shares go with the project. */
export function DeleteProjectDialog({
  project,
  onOpenChange,
  onDeleted,
}: {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (project: Project) => void;
}) {
  const { t } = useTranslation();
  const projectName = useProjectName();
  const [typed, setTyped] = useState('');
  const remove = useDeleteProject();
  const formId = useId();
  const open = !!project;

  useOnOpen(open, () => {
    setTyped('');
    remove.reset();
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!project || typed !== 'DELETE') return;
    remove.mutate(project.id, {
      onSuccess: () => {
        toast.success(t('projectDelete.done', { name: projectName(project) }));
        onOpenChange(false);
        onDeleted?.(project);
      },
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !remove.isPending && onOpenChange(next)}
      size="sm"
      icon={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="size-5" aria-hidden />
        </span>
      }
      title={t('projectDelete.title', { name: project ? projectName(project) : '' })}
      description={t('projectDelete.description')}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={remove.isPending}
          type="submit"
          form={formId}
          variant="danger"
          disabled={typed !== 'DELETE'}
        >
          {t('projectDelete.confirm')}
        </DialogActions>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4 pb-2">
        {remove.error && <FormAlert>{errorMessage(remove.error, t)}</FormAlert>}
        <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>{t('projectDelete.models', { count: project?.model_count ?? 0 })}</li>
          <li>{t('projectDelete.members', { count: project?.member_count ?? 0 })}</li>
          <li>{t('projectDelete.permanent')}</li>
        </ul>
        <TextField
          label={t('projectDelete.typeLabel')}
          name="confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="DELETE"
          value={typed}
          hint={t('projectDelete.typeHint')}
          disabled={remove.isPending}
          onChange={(e) => setTyped(e.target.value)}
        />
      </form>
    </Modal>
  );
}

/** Leave a project (never offered to its creator; the server's CREATOR_CANNOT_LEAVE is shown). */
export function LeaveProjectDialog({
  project,
  onOpenChange,
  onLeft,
}: {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
  onLeft?: (project: Project) => void;
}) {
  const { t } = useTranslation();
  const projectName = useProjectName();
  const myId = useMyId();
  const leave = useLeaveProject();
  const open = !!project;

  useOnOpen(open, () => leave.reset());

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !leave.isPending && onOpenChange(next)}
      title={t('projectLeave.title', { name: project ? projectName(project) : '' })}
      description={t('projectLeave.description')}
      confirmLabel={t('projectLeave.confirm')}
      pending={leave.isPending}
      error={leave.error ? errorMessage(leave.error, t) : null}
      onConfirm={() => {
        if (!project || !myId) return;
        leave.mutate(
          { projectId: project.id, userId: myId },
          {
            onSuccess: () => {
              toast.success(t('projectLeave.done', { name: projectName(project) }));
              onOpenChange(false);
              onLeft?.(project);
            },
          },
        );
      }}
    />
  );
}
