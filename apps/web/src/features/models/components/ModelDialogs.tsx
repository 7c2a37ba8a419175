import { lazy, Suspense } from 'react';
import { useLatch } from '../../../lib/use-latch';
import type { ModelDialogState } from './dialog-types';
import { DeleteModelDialog, TrashModelDialog } from './ModelConfirmDialogs';
import { MoveModelDialog } from './MoveModelDialog';

export type {
  ModelDialogProps,
  ModelDialogState,
  ModelItemProps,
  OpenModelDialog,
} from './dialog-types';

/**
 * The rename, share and version-history dialogs (the share dialog with its tabs, form and code
 * input; rename with the name's schema, and so zod) load when one is first opened: the models
 * list shows none of them.
 */
const RenameModelDialog = lazy(async () => ({
  default: (await import('./RenameModelDialog')).RenameModelDialog,
}));
const ShareModelDialog = lazy(async () => ({
  default: (await import('../../share/lazy')).ShareModelDialog,
}));
const VersionsDialog = lazy(async () => ({
  default: (await import('./VersionsDialog')).VersionsDialog,
}));

/** Whether the dialog `kind` is open or has been: from then on it stays mounted, to close animated. */
function useOpenedOnce(state: ModelDialogState, kind: NonNullable<ModelDialogState>['kind']) {
  return useLatch(state?.kind === kind);
}

/** The rename, move, trash, permanent-delete, share and versions dialogs of one page. */
export function ModelDialogs({ state, onClose }: { state: ModelDialogState; onClose: () => void }) {
  const renameOpened = useOpenedOnce(state, 'rename');
  const shareOpened = useOpenedOnce(state, 'share');
  const versionsOpened = useOpenedOnce(state, 'versions');
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  const pick = (kind: NonNullable<ModelDialogState>['kind']) =>
    state?.kind === kind ? state.model : null;
  return (
    <>
      {renameOpened && (
        <Suspense fallback={null}>
          <RenameModelDialog model={pick('rename')} onOpenChange={close} />
        </Suspense>
      )}
      <MoveModelDialog model={pick('move')} onOpenChange={close} />
      <TrashModelDialog model={pick('trash')} onOpenChange={close} />
      <DeleteModelDialog model={pick('delete')} onOpenChange={close} />
      {shareOpened && (
        <Suspense fallback={null}>
          <ShareModelDialog model={pick('share')} onOpenChange={close} />
        </Suspense>
      )}
      {versionsOpened && (
        <Suspense fallback={null}>
          <VersionsDialog model={pick('versions')} onOpenChange={close} />
        </Suspense>
      )}
    </>
  );
}
