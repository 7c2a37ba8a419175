import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { can, type Model, type Topic } from '@truss/contracts';
import { FormAlert } from '../../../components/ui/Field';
import { Card, PageHeader } from '../../../shared/ui/Page';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { http } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import {
  membersQuery,
  useMyId,
  useCurrentProject,
  ProjectNotFound,
  actorFor,
} from '../../projects';
import { memberAbilities } from '../abilities';
import {
  topicQuery,
  topicTypesQuery,
  useTopicList,
  type TopicFilter,
  type TopicSource,
} from '../api';
import { extraFilterQuery, NO_EXTRA_FILTER, type ExtraFilter } from '../filters';
import { OPEN_STATUSES, PRIORITY_KEYS, isPriority } from '../labels';
import { BcfActions } from './BcfActions';
import { ReportActions } from './ReportActions';
import { BulkChange } from './BulkChange';
import { StatusBadge } from './StatusBadge';
import { TopicFilterFields } from './TopicFilterFields';
import { topicOrder, TopicSortSelect, type TopicSort } from './TopicSortSelect';
import { SheetFilter } from './SheetFilter';

type StatusFilter = 'open' | 'closed' | 'all';
const topicLink = (topic: Topic) =>
  topic.model_id ? `/model/${topic.model_id}?topic=${topic.id}` : null;

/**
 * /project/{id}/issues: every topic of the project's models in a table (filter, sort, search),
 * bulk status/assignee change and BCF export/import; a row opens its model at its view.
 * `?topic={id}` goes straight to that topic.
 */
export default function IssuesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const wanted = params.get('topic');
  const { project, isLoading, notFound } = useCurrentProject();
  const myId = useMyId();
  const abilities = useMemo(() => memberAbilities(project, myId), [project, myId]);
  // `model:sheet` of the sheet filter ('' : every topic). Sheet ids repeat across drawings
  // (p1 of every PDF), so the model goes with it.
  const [sheetKey, setSheetKey] = useState('');
  const [sheetModel, sheetId] = sheetKey ? sheetKey.split(':') : [];
  const source: TopicSource = useMemo(
    () => ({
      kind: 'member',
      projectId: project?.id ?? '',
      ...(sheetModel ? { modelId: sheetModel } : {}),
    }),
    [project?.id, sheetModel],
  );
  const [kind, setKind] = useState<'' | 'issue' | 'comment'>('');
  const [status, setStatus] = useState<StatusFilter>('open');
  const [extra, setExtra] = useState<ExtraFilter>(NO_EXTRA_FILTER);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TopicSort>('modified');
  const filter: TopicFilter = {
    ...(kind ? { kind } : {}),
    ...(status === 'open'
      ? { status: OPEN_STATUSES }
      : status === 'closed'
        ? { status: ['Resolved', 'Closed'] }
        : {}),
    ...extraFilterQuery(extra, new Date()),
    q: search,
    ...(sheetId ? { sheetId } : {}),
    sort,
    order: topicOrder(sort),
  };
  const list = useTopicList(source, filter, !!project);
  // A guest may not list members (403): names then come from the topics alone.
  const seeMembers = !!project && can(actorFor(project, myId), 'member.list');
  const members = useQuery({ ...membersQuery(project?.id ?? ''), enabled: seeMembers });
  const types = useQuery({ ...topicTypesQuery(project?.id ?? ''), enabled: !!project });
  const models = useQuery({
    queryKey: ['models', 'list', project?.id ?? '', 'topics-page'],
    queryFn: () => http.get<Model[]>(`/api/project/${project!.id}/models`),
    enabled: !!project,
    staleTime: 30_000,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());

  // ?topic={id}: open that topic in its model.
  const target = useQuery({ ...topicQuery(source, wanted ?? ''), enabled: !!wanted && !!project });
  useEffect(() => {
    const link = target.data ? topicLink(target.data) : null;
    if (link) void navigate(link, { replace: true });
  }, [target.data, navigate]);

  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (notFound || !project) return <ProjectNotFound />;

  const topics = list.data?.topics ?? [];
  const modelName = new Map((models.data ?? []).map((m) => [m.id, m.name]));
  const people = (members.data ?? []).filter((m) => m.kind === 'member' && m.user_id);
  const personName = (id: string | null) => {
    const m = people.find((p) => p.user_id === id);
    return m ? m.name || m.email : '';
  };
  const canImportBcf = can(actorFor(project, myId), 'bcf.import');
  // BCF names people by address: not for a guest.
  const canExportBcf = can(actorFor(project, myId), 'bcf.export');
  const picked = topics.filter((topic) => selected.has(topic.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // Inline controls (inputClass is a full-width field).
  const control =
    'h-9 rounded-lg border border-gray-300 bg-white px-2 text-sm text-gray-900 shadow-xs hover:border-gray-400 focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none';

  return (
    <>
      <PageHeader
        title={t('topics.page.title')}
        subtitle={t('topics.page.description')}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <ReportActions projectId={project.id} filter={filter} />
            {canExportBcf && (
              <BcfActions
                projectId={project.id}
                pickedGuids={picked.map((topic) => topic.guid)}
                canImport={canImportBcf}
                className={control}
              />
            )}
          </div>
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <input
          type="search"
          aria-label={t('topics.search')}
          placeholder={t('topics.search')}
          className={`${control} w-56 px-3`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          aria-label={t('topics.filter.kind')}
          className={control}
          value={kind}
          onChange={(e) => setKind(e.target.value as typeof kind)}
        >
          <option value="">{t('topics.filter.allKinds')}</option>
          <option value="issue">{t('topics.kind.issue')}</option>
          <option value="comment">{t('topics.kind.comment')}</option>
        </select>
        <select
          aria-label={t('topics.filter.status')}
          className={control}
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
        >
          <option value="open">{t('topics.filter.open')}</option>
          <option value="closed">{t('topics.filter.closed')}</option>
          <option value="all">{t('topics.filter.all')}</option>
        </select>
        <TopicFilterFields
          value={extra}
          onChange={setExtra}
          types={types.data?.types ?? []}
          members={members.data ?? []}
          className={control}
        />
        <SheetFilter
          models={models.data ?? []}
          value={sheetKey}
          onChange={setSheetKey}
          className={control}
        />
        <TopicSortSelect value={sort} onChange={setSort} className={control} />
        {picked.length > 0 && (
          <BulkChange
            picked={picked}
            abilities={abilities}
            members={members.data ?? []}
            className={control}
            onDone={() => setSelected(new Set())}
          />
        )}
      </div>
      {list.error ? (
        <FormAlert>{errorMessage(list.error, t)}</FormAlert>
      ) : list.isPending ? (
        <LoadingBlock label={t('common.loading')} />
      ) : topics.length === 0 ? (
        <p className="text-sm text-gray-500">{t('topics.page.empty')}</p>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-gray-200 text-xs text-gray-500">
              <tr>
                <th className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={t('topics.page.selectAll')}
                    checked={topics.length > 0 && topics.every((x) => selected.has(x.id))}
                    onChange={(e) =>
                      setSelected(new Set(e.target.checked ? topics.map((x) => x.id) : []))
                    }
                  />
                </th>
                <th className="w-14 px-2 py-2">#</th>
                <th className="px-2 py-2">{t('topics.field.title')}</th>
                <th className="px-2 py-2">{t('topics.field.status')}</th>
                <th className="hidden px-2 py-2 md:table-cell">{t('topics.field.priority')}</th>
                <th className="hidden px-2 py-2 md:table-cell">{t('topics.field.assignee')}</th>
                <th className="hidden px-2 py-2 lg:table-cell">{t('topics.field.model')}</th>
                <th className="hidden px-2 py-2 lg:table-cell">{t('topics.field.modified')}</th>
              </tr>
            </thead>
            <tbody>
              {topics.map((topic) => {
                const link = topicLink(topic);
                return (
                  <tr
                    key={topic.id}
                    className="border-b border-gray-100 last:border-0"
                    data-topic-row={topic.id}
                  >
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label={t('topics.page.select', { title: topic.title })}
                        checked={selected.has(topic.id)}
                        onChange={() => toggle(topic.id)}
                      />
                    </td>
                    <td className="px-2 py-2 text-gray-500">
                      {topic.kind === 'issue' ? topic.number : '–'}
                    </td>
                    <td className="max-w-72 truncate px-2 py-2 font-medium text-gray-900">
                      {link ? (
                        <Link to={link} className="hover:underline" title={t('topics.page.open')}>
                          {topic.title}
                        </Link>
                      ) : (
                        topic.title
                      )}
                    </td>
                    <td className="px-2 py-2">
                      <StatusBadge status={topic.status} />
                    </td>
                    <td className="hidden px-2 py-2 md:table-cell">
                      {topic.priority && isPriority(topic.priority)
                        ? t(`topics.priority.${PRIORITY_KEYS[topic.priority]}`)
                        : ''}
                    </td>
                    <td className="hidden truncate px-2 py-2 md:table-cell">
                      {personName(topic.assignee_id) ||
                        topic.assigned_to ||
                        (topic.assignee_id ? t('topics.projectMember') : '')}
                    </td>
                    <td className="hidden truncate px-2 py-2 lg:table-cell">
                      {topic.model_id
                        ? (modelName.get(topic.model_id) ?? '')
                        : t('topics.page.noModel')}
                    </td>
                    <td className="hidden px-2 py-2 text-gray-500 lg:table-cell">
                      <RelativeTime iso={topic.modified_at} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      )}
    </>
  );
}
