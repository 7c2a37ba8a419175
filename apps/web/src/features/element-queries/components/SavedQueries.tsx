import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { ElementWhere, SavedQuery } from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useSavedQueries, useSavedQueryMutations } from '../api';
import type { SavedQueryAbilities } from '../permissions';

/** The project's saved queries: load one into the editor, save the current one, delete. */
export function SavedQueries({
  projectId,
  may,
  current,
  onLoad,
}: {
  projectId: string;
  may: SavedQueryAbilities;
  current: () => ElementWhere;
  onLoad: (query: SavedQuery) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const list = useSavedQueries(projectId);
  const mutations = useSavedQueryMutations(projectId);
  const failed = (error: unknown) =>
    toast.error(t('elementQuery.saveFailed'), errorMessage(error, t));
  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    mutations.create.mutate(
      { name: trimmed, where: current() },
      {
        onSuccess: () => {
          setName('');
          toast.success(t('elementQuery.saved', { name: trimmed }));
        },
        onError: failed,
      },
    );
  };
  const queries = list.data ?? [];
  return (
    <section
      aria-label={t('elementQuery.savedTitle')}
      className="space-y-2 border-t border-gray-100 pt-2"
    >
      <h3 className="text-xs font-semibold tracking-wide text-gray-500 uppercase">
        {t('elementQuery.savedTitle')}
      </h3>
      {list.error && <p className="text-xs text-red-600">{errorMessage(list.error, t)}</p>}
      {queries.length === 0 && !list.isPending && (
        <p className="text-xs text-gray-500">{t('elementQuery.savedEmpty')}</p>
      )}
      <ul className="space-y-1">
        {queries.map((query) => (
          <li key={query.id} className="flex items-center gap-1 text-sm">
            <button
              type="button"
              onClick={() => onLoad(query)}
              className="truncate text-left text-brand-700 hover:underline"
              aria-label={t('elementQuery.load', { name: query.name })}
            >
              {query.name}
            </button>
            <span className="truncate text-xs text-gray-400">{query.author_name}</span>
            {may.manage(query) && (
              <button
                type="button"
                onClick={() => mutations.remove.mutate(query.id, { onError: failed })}
                aria-label={t('elementQuery.delete', { name: query.name })}
                className="ml-auto rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-red-600"
              >
                <Trash2 className="size-3.5" aria-hidden />
              </button>
            )}
          </li>
        ))}
      </ul>
      {may.create && (
        <form onSubmit={save} className="flex gap-1.5">
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-label={t('elementQuery.nameLabel')}
            placeholder={t('elementQuery.namePlaceholder')}
            maxLength={120}
            className="h-8 min-w-0 flex-1 rounded-md border border-gray-300 px-2 text-sm"
          />
          <Button type="submit" size="sm" variant="secondary" loading={mutations.create.isPending}>
            {t('elementQuery.save')}
          </Button>
        </form>
      )}
    </section>
  );
}
