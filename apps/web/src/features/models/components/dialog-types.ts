import type { Model, Project } from '@truss/contracts';

export type ModelDialogState = {
  kind: 'rename' | 'move' | 'trash' | 'delete' | 'share' | 'versions';
  model: Model;
} | null;

/** A model dialog's props: open while `model` is set. */
export interface ModelDialogProps {
  model: Model | null;
  onOpenChange: (open: boolean) => void;
}

/** Opens one of the dialogs (a list's or a page's menu asks). */
export type OpenModelDialog = (state: NonNullable<ModelDialogState>) => void;

/** What a model's card, row and actions menu get. */
export interface ModelItemProps {
  model: Model;
  project: Project;
  onOpenDialog: OpenModelDialog;
}
