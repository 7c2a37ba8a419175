import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Bookmark } from 'lucide-react';
import { SAVED_VIEW_STATE_MAX, type SavedView } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog, Modal } from '../../../shared/ui/Dialog';
import { inputClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { copyText } from '../../share';
import { TipButton, type Viewer, encodeViewpoint } from '../../viewer';
import { useSavedViewMutations, useSavedViews, type SavedViewsSource } from '../api';
import { SAVED_VIEW_PARAM, savedViewLink } from '../link';
import { federatedViewPath } from '../../federation';
import type { SavedViewAbilities } from '../permissions';
import { viewThumbnail } from '../thumbnail';
import { applySavedView, useSavedViewLink } from '../useSavedViewLink';
import { SavedViewItem } from './SavedViewItem';

/**
 * The toolbar's Saved views: a dialog listing the model's named views with thumbnails (a click
 * shows one, each has a link), and for members saving the current view, renaming and deleting.
 * Also opens the view a page's `?view=` link names.
 */
export function SavedViewsButton({
  viewer,
  source,
  may,
  federation,
}: {
  viewer: Viewer;
  source: SavedViewsSource;
  may: SavedViewAbilities;
  /**
   * The page shows several models (the source's model first): views are saved with the others,
   * and a view of another set of models opens the federated page for its set.
   */
  federation?: { projectId: string; modelIds: string[] };
}) {
  const navigate = useNavigate();
  const shownModels = federation?.modelIds ?? (source.kind === 'model' ? [source.modelId] : []);
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [capturing, setCapturing] = useState(false);
  /** The view whose deletion waits for the user's confirmation. */
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const list = useSavedViews(source);
  useSavedViewLink(viewer, list.data);
  const mutations = useSavedViewMutations(source.kind === 'model' ? source.modelId : '');
  const failed = (error: unknown) => toast.error(t('savedViews.failed'), errorMessage(error, t));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setCapturing(true);
    const state = encodeViewpoint(viewer.getViewpoint(), SAVED_VIEW_STATE_MAX);
    const thumbnail = await viewThumbnail(viewer).catch((error: unknown) => {
      console.warn('[saved-views] no thumbnail', error);
      return null;
    });
    setCapturing(false);
    mutations.create.mutate(
      { name: trimmed, state, thumbnail, model_ids: shownModels.slice(1) },
      {
        onSuccess: () => {
          setName('');
          toast.success(t('savedViews.saved', { name: trimmed }));
        },
        onError: failed,
      },
    );
  };

  const openView = (view: SavedView) => {
    setOpen(false);
    const wanted = [view.model_id, ...view.model_ids];
    if (federation && wanted.join() !== shownModels.join()) {
      void navigate(pageOf(view));
      return;
    }
    if (!applySavedView(viewer, view, true)) toast.info(t('savedViews.linkMissing'));
  };
  /** The page that shows a view: the model page, or the federated page for several models. */
  const pageOf = (view: SavedView) =>
    federation && view.model_ids.length
      ? `${federatedViewPath(federation.projectId, [view.model_id, ...view.model_ids])}&${SAVED_VIEW_PARAM}=${view.id}`
      : `/model/${view.model_id}?${SAVED_VIEW_PARAM}=${view.id}`;
  const copyLink = (view: SavedView) =>
    copyText(
      federation
        ? new URL(pageOf(view), window.location.href).toString()
        : savedViewLink(window.location.href, view.id),
    ).then(() => toast.success(t('savedViews.linkCopied')), failed);
  const busy = mutations.rename.isPending || mutations.remove.isPending;
  const views = list.data ?? [];

  return (
    <>
      <TipButton icon={Bookmark} label={t('savedViews.title')} onClick={() => setOpen(true)} />
      <Modal open={open} onOpenChange={setOpen} title={t('savedViews.title')}>
        {may.create && (
          <form onSubmit={(event) => void save(event)} className="flex gap-2 pb-3">
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-label={t('savedViews.nameLabel')}
              placeholder={t('savedViews.namePlaceholder')}
              maxLength={120}
              className={inputClass(false)}
            />
            <Button type="submit" loading={capturing || mutations.create.isPending}>
              {t('savedViews.save')}
            </Button>
          </form>
        )}
        {list.isPending ? (
          <p className="py-4 text-sm text-gray-500">{t('common.loading')}</p>
        ) : list.error ? (
          <p className="py-4 text-sm text-red-600">{errorMessage(list.error, t)}</p>
        ) : views.length === 0 ? (
          <p className="py-4 text-sm text-gray-500">{t('savedViews.empty')}</p>
        ) : (
          <ul aria-label={t('savedViews.title')} className="divide-y divide-gray-100">
            {views.map((view) => (
              <SavedViewItem
                key={view.id}
                view={view}
                manage={may.manage(view)}
                busy={busy}
                onOpen={() => openView(view)}
                onCopyLink={() => void copyLink(view)}
                onRename={(next) =>
                  mutations.rename.mutate({ id: view.id, name: next }, { onError: failed })
                }
                onDelete={() => {
                  mutations.remove.reset();
                  setDeleting(view);
                }}
              />
            ))}
          </ul>
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next) setDeleting(null);
        }}
        title={t('savedViews.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('savedViews.deleteDescription')}
        confirmLabel={t('savedViews.deleteConfirm')}
        pending={mutations.remove.isPending}
        error={mutations.remove.error ? errorMessage(mutations.remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          const { id, name: deleted } = deleting;
          mutations.remove.mutate(id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('savedViews.deleted', { name: deleted }));
            },
          });
        }}
      />
    </>
  );
}
