import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'radix-ui';
import { Link2, Plus, Users } from 'lucide-react';
import clsx from 'clsx';
import type { Share } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../shared/ui/Dialog';
import { FormAlert } from '../../../components/ui/Field';
import { Badge } from '../../../shared/ui/Page';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useOnOpen } from '../../../lib/use-on-open';
import { useModelShares } from '../api';
import { ShareRowActions, ShareToggle } from './ShareActions';
import { CodeLockedBadge } from './CodeLockedBadge';
import { ShareExpiry } from './ShareExpiry';
import { ShareStatusBadge } from './ShareStatusBadge';
import { ShareTypeBadge } from './ShareTypeBadge';
import { ShareForm } from './ShareForm';
import { ShareResult } from './ShareResult';

type View =
  | { kind: 'list' }
  | { kind: 'form'; share: Share | null }
  | { kind: 'result'; share: Share; created: boolean };

const tabClass = clsx(
  '-mb-px flex items-center gap-2 border-b-2 border-transparent px-1 py-2.5 text-sm font-medium text-gray-600 transition-colors hover:text-gray-900',
  'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 data-[disabled]:cursor-not-allowed data-[disabled]:text-gray-400',
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
);

/** One of the model's links in the dialog: what it is, its switch and its actions. */
function ShareItem({ share, onEdit }: { share: Share; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <ShareTypeBadge type={share.type} />
          <ShareStatusBadge share={share} />
          {share.code_locked && <CodeLockedBadge />}
        </div>
        <p className="truncate font-mono text-xs text-gray-500" title={share.url}>
          {share.url}
        </p>
        <p className="text-xs text-gray-500">
          {t('share.list.expires')} <ShareExpiry share={share} /> · {t('share.list.created')}{' '}
          <RelativeTime iso={share.created_at} />
        </p>
      </div>
      <ShareToggle share={share} />
      <ShareRowActions share={share} onEdit={onEdit} />
    </li>
  );
}

function LinkShareTab({
  modelId,
  view,
  setView,
  onClose,
}: {
  modelId: string;
  view: View;
  setView: (view: View) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const shares = useModelShares(modelId);

  if (view.kind === 'result') {
    return (
      <ShareResult
        share={view.share}
        created={view.created}
        onBack={() => setView({ kind: 'list' })}
        onDone={onClose}
      />
    );
  }

  const saved = (before: Share | null) => (share: Share) => {
    if (!before || share.access_code) {
      setView({ kind: 'result', share, created: !before });
      return;
    }
    toast.success(t('share.list.saved'));
    setView({ kind: 'list' });
  };

  if (view.kind === 'form') {
    return (
      <ShareForm
        key={view.share?.id ?? 'new'}
        modelId={modelId}
        share={view.share}
        onSaved={saved(view.share)}
        onCancel={() => setView({ kind: 'list' })}
      />
    );
  }

  if (shares.isPending) return <LoadingBlock label={t('common.loading')} className="py-10" />;
  if (shares.error) {
    return (
      <div className="space-y-3 pb-4">
        <FormAlert>
          {t('errors.SHARE_LIST_FAILED')}: {errorMessage(shares.error, t)}
        </FormAlert>
        <Button variant="secondary" onClick={() => void shares.refetch()}>
          {t('share.list.retry')}
        </Button>
      </div>
    );
  }
  // No links yet: straight to the form.
  if (shares.data.length === 0) {
    return <ShareForm key="first" modelId={modelId} share={null} onSaved={saved(null)} />;
  }
  return (
    <div className="pb-3">
      <div className="flex items-center justify-between gap-3 pt-1">
        <p className="text-sm font-medium text-gray-800">
          {t('share.dialog.existing', { count: shares.data.length })}
        </p>
        <Button size="sm" onClick={() => setView({ kind: 'form', share: null })}>
          <Plus className="size-4" aria-hidden />
          {t('share.dialog.newLink')}
        </Button>
      </div>
      <ul className="divide-y divide-gray-100">
        {shares.data.map((share) => (
          <ShareItem key={share.id} share={share} onEdit={() => setView({ kind: 'form', share })} />
        ))}
      </ul>
    </div>
  );
}

/**
 * The share dialog of a model: Link Share (its links, create and edit) and Friend Share, which is
 * marked Coming Soon. Opened with `share` it starts in that link's edit form (My Shares).
 */
export function ShareDialog({
  open,
  onOpenChange,
  modelId,
  modelName,
  share = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  modelId: string;
  modelName: string;
  share?: Share | null;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ kind: 'list' });
  useOnOpen(open, () => setView(share ? { kind: 'form', share } : { kind: 'list' }));

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t('share.dialog.title', { name: modelName })}
    >
      <Tabs.Root defaultValue="link">
        <Tabs.List
          aria-label={t('share.dialog.tabs')}
          className="mb-3 flex gap-5 border-b border-gray-200"
        >
          <Tabs.Trigger value="link" className={tabClass}>
            <Link2 className="size-4" aria-hidden />
            {t('share.dialog.linkTab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="friend" disabled className={tabClass}>
            <Users className="size-4" aria-hidden />
            {t('share.dialog.friendTab')}
            <Badge tone="amber">{t('share.dialog.comingSoon')}</Badge>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="link" className="outline-none">
          <LinkShareTab
            modelId={modelId}
            view={view}
            setView={setView}
            onClose={() => onOpenChange(false)}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}

/**
 * The dialog for the model menus: open while `model` is set. The last model is kept while the
 * dialog animates closed.
 */
export function ShareModelDialog({
  model,
  onOpenChange,
}: {
  model: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [last, setLast] = useState(model);
  if (model && model !== last) setLast(model);
  const shown = model ?? last;
  if (!shown) return null;
  return (
    <ShareDialog
      open={!!model}
      onOpenChange={onOpenChange}
      modelId={shown.id}
      modelName={shown.name}
    />
  );
}
