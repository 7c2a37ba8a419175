import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Link2, Pencil, Trash2, X } from 'lucide-react';
import type { SavedView } from '@truss/contracts';
import { inputClass } from '../../../components/ui/Field';

const iconButton =
  'rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40';

/** One saved view: its thumbnail and name open it; link, rename and delete beside. */
export function SavedViewItem({
  view,
  manage,
  busy,
  onOpen,
  onCopyLink,
  onRename,
  onDelete,
}: {
  view: SavedView;
  manage: boolean;
  busy: boolean;
  onOpen: () => void;
  onCopyLink: () => void;
  onRename: (name: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(view.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    onRename(name.trim());
    setEditing(false);
  };
  return (
    <li className="flex items-center gap-3 py-2" data-saved-view={view.id}>
      <button
        type="button"
        onClick={onOpen}
        disabled={editing}
        aria-label={t('savedViews.open', { name: view.name })}
        className="shrink-0 overflow-hidden rounded-lg border border-gray-200 bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {view.thumbnail ? (
          <img src={view.thumbnail} alt="" className="h-15 w-24 object-cover" />
        ) : (
          <span className="block h-15 w-24" />
        )}
      </button>
      {editing ? (
        <form onSubmit={submit} className="flex min-w-0 flex-1 items-center gap-1">
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-label={t('savedViews.nameLabel')}
            maxLength={120}
            autoFocus
            className={inputClass(false, 'h-8')}
          />
          <button type="submit" className={iconButton} aria-label={t('savedViews.renameSave')}>
            <Check className="size-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={t('common.cancel')}
            onClick={() => {
              setName(view.name);
              setEditing(false);
            }}
          >
            <X className="size-4" />
          </button>
        </form>
      ) : (
        <button type="button" onClick={onOpen} className="min-w-0 flex-1 text-left">
          <span className="block truncate text-sm font-medium text-gray-900">{view.name}</span>
          {view.author_name && (
            <span className="block truncate text-xs text-gray-500">
              {t('savedViews.by', { name: view.author_name })}
            </span>
          )}
        </button>
      )}
      {!editing && (
        <div className="flex shrink-0 items-center">
          <button
            type="button"
            className={iconButton}
            onClick={onCopyLink}
            aria-label={t('savedViews.copyLink', { name: view.name })}
          >
            <Link2 className="size-4" />
          </button>
          {manage && (
            <>
              <button
                type="button"
                className={iconButton}
                disabled={busy}
                onClick={() => setEditing(true)}
                aria-label={t('savedViews.rename', { name: view.name })}
              >
                <Pencil className="size-4" />
              </button>
              <button
                type="button"
                className={iconButton}
                disabled={busy}
                onClick={onDelete}
                aria-label={t('savedViews.delete', { name: view.name })}
              >
                <Trash2 className="size-4" />
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
