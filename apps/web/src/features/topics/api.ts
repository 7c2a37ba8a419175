/**
 * Topics (comment threads and issues) over the API, for a project member or a share visitor:
 * both read and write through a `TopicSource`, so the panel is the same on the model page and
 * on the share page. TanStack Query owns the data; server events invalidate it (realtime.ts).
 */
import { queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  SHARE_PUBLIC_PATH,
  type BcfImportReport,
  type CommentPage,
  type CreateCommentBody,
  type CreateTopicBody,
  type TopicComment,
  type Topic,
  type TopicList,
  type TopicWithComments,
  type UpdateTopicBody,
  type Viewpoint,
} from '@truss/contracts';
import { http } from '../../lib/api';
import { getLocale } from '../../lib/locale';
import { withCallHeaders } from '../../lib/request-id';
import { authStore } from '../../lib/auth-store';
import { toApiError } from '../../lib/http';
import { downloadWithToken } from '../../shared/lib/download';
import { queryClient } from '../../lib/query-client';

export type TopicSource =
  | {
      kind: 'member';
      projectId: string;
      modelId?: string;
      /** The version of the model the viewer shows (`?version=N`): new topics are made on it. */
      modelVersionId?: string | null;
      /** The federated view: the topics of any of these models (`modelId` unset). */
      modelIds?: readonly string[];
    }
  | { kind: 'share'; token: string };

export interface TopicFilter {
  kind?: 'comment' | 'issue';
  status?: string[];
  assignee?: string;
  type?: string;
  label?: string;
  /** ISO date-times. */
  dueBefore?: string;
  dueAfter?: string;
  /** 'none': only topics without a due date. */
  due?: 'none';
  q?: string;
  /** Topics on one sheet (pinned or marked up on it). */
  sheetId?: string;
  sort?: 'number' | 'created' | 'modified' | 'due' | 'priority' | 'title';
  order?: 'asc' | 'desc';
}

export const topicsKey = ['topics'] as const;
const sourceKey = (source: TopicSource) =>
  source.kind === 'member'
    ? ['topics', 'project', source.projectId, source.modelId ?? source.modelIds?.join(',') ?? null]
    : ['topics', 'share', source.token];
const topicListKey = (source: TopicSource, filter: TopicFilter) =>
  [...sourceKey(source), 'list', filter] as const;
export const topicKey = (id: string) => ['topics', 'detail', id] as const;
const topicCountsKey = (projectId: string) => ['topics', 'counts', projectId] as const;

const shareBase = (token: string) => `${SHARE_PUBLIC_PATH}/${encodeURIComponent(token)}`;
/** Share requests carry the code-unlock cookie. */
const shareInit = { credentials: 'include' } as const;

/** The server's largest page. */
const LIST_PAGE = 500;
/** A model's topics are all read (each one is a pin in the viewer), page by page, up to this. */
const MODEL_TOPICS_MAX = 5000;

function listQuery(
  filter: TopicFilter,
  offset: number,
  modelId?: string,
  modelIds?: readonly string[],
): Record<string, string> {
  const query: Record<string, string> = { limit: String(LIST_PAGE) };
  if (offset > 0) query.offset = String(offset);
  if (filter.kind) query.kind = filter.kind;
  if (filter.status?.length) query.status = filter.status.join(',');
  if (filter.assignee) query.assignee = filter.assignee;
  if (filter.type) query.type = filter.type;
  if (filter.label) query.label = filter.label;
  if (filter.dueBefore) query.dueBefore = filter.dueBefore;
  if (filter.dueAfter) query.dueAfter = filter.dueAfter;
  if (filter.due) query.due = filter.due;
  if (filter.q?.trim()) query.q = filter.q.trim();
  if (filter.sheetId) query.sheetId = filter.sheetId;
  if (filter.sort) query.sort = filter.sort;
  if (filter.order) query.order = filter.order;
  if (modelId) query.modelId = modelId;
  if (modelIds?.length) query.models = modelIds.join(',');
  return query;
}

/**
 * One model's topics (the viewer panel, member or share visitor) come in every page up to
 * MODEL_TOPICS_MAX, so a busy model shows all its pins; the project's list reads one page.
 */
async function readTopicList(source: TopicSource, filter: TopicFilter): Promise<TopicList> {
  const page = (offset: number) =>
    source.kind === 'member'
      ? http.get<TopicList>(`/api/project/${source.projectId}/topics`, {
          query: listQuery(filter, offset, source.modelId, source.modelIds),
        })
      : http.get<TopicList>(`${shareBase(source.token)}/topics`, {
          ...shareInit,
          query: listQuery(filter, offset),
        });
  const first = await page(0);
  if (source.kind === 'member' && !source.modelId && !source.modelIds) return first;
  const byId = new Map(first.topics.map((topic) => [topic.id, topic]));
  let offset = first.topics.length;
  while (offset < Math.min(first.total, MODEL_TOPICS_MAX)) {
    const next = await page(offset);
    if (next.topics.length === 0) break;
    // A topic changed meanwhile may move between pages: each is kept once.
    for (const topic of next.topics) byId.set(topic.id, topic);
    offset += next.topics.length;
  }
  return { total: first.total, topics: [...byId.values()] };
}

const topicListQuery = (source: TopicSource, filter: TopicFilter) =>
  queryOptions({
    queryKey: topicListKey(source, filter),
    queryFn: () => readTopicList(source, filter),
    staleTime: 15_000,
  });

export const topicQuery = (source: TopicSource, id: string) =>
  queryOptions({
    queryKey: topicKey(id),
    queryFn: () =>
      source.kind === 'member'
        ? http.get<TopicWithComments>(`/api/topics/${id}`)
        : http.get<TopicWithComments>(`${shareBase(source.token)}/topics/${id}`, shareInit),
    staleTime: 15_000,
  });

/**
 * One viewpoint of a topic with all its components (topics carry summaries): asked for when it
 * is shown. A viewpoint never changes, so it is kept as long as the page lives.
 */
export const viewpointQuery = (source: TopicSource, topicId: string, viewpointId: string) =>
  queryOptions({
    queryKey: ['topics', 'viewpoint', topicId, viewpointId] as const,
    queryFn: () => {
      const path = `topics/${topicId}/viewpoints/${viewpointId}`;
      return source.kind === 'member'
        ? http.get<Viewpoint>(`/api/${path}`)
        : http.get<Viewpoint>(`${shareBase(source.token)}/${path}`, shareInit);
    },
    staleTime: Infinity,
  });

/** Open issues per model of a project (model cards' badges). */
export const topicCountsQuery = (projectId: string) =>
  queryOptions({
    queryKey: topicCountsKey(projectId),
    queryFn: () =>
      http.get<{ counts: Record<string, number> }>(`/api/project/${projectId}/topic-counts`),
    staleTime: 30_000,
  });

/** The project's topic types (built-in and added by admins), for the type filter. */
export const topicTypesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['topics', 'types', projectId],
    queryFn: () => http.get<{ types: string[] }>(`/api/project/${projectId}/topic-types`),
    staleTime: 5 * 60_000,
  });

export function useTopicList(source: TopicSource, filter: TopicFilter, enabled = true) {
  return useQuery({ ...topicListQuery(source, filter), enabled });
}

export function useTopic(source: TopicSource, id: string | null) {
  return useQuery({ ...topicQuery(source, id ?? ''), enabled: !!id });
}

/**
 * A topic's earlier comments, page by page from the detail's `comments_before` cursor, once
 * `enabled` (the "Show earlier comments" button); each page is older than the one before.
 */
export function useEarlierComments(
  source: TopicSource,
  topicId: string,
  cursor: string | null,
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey: ['topics', 'comments', topicId, cursor],
    initialPageParam: cursor ?? '',
    queryFn: ({ pageParam }) => {
      const query = { before: pageParam, limit: '100' };
      return source.kind === 'member'
        ? http.get<CommentPage>(`/api/topics/${topicId}/comments`, { query })
        : http.get<CommentPage>(`${shareBase(source.token)}/topics/${topicId}/comments`, {
            ...shareInit,
            query,
          });
    },
    getNextPageParam: (last) => last.before ?? undefined,
    enabled: enabled && !!cursor,
    staleTime: 15_000,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: topicsKey });

type NewTopic = Omit<CreateTopicBody, 'modelId'> & {
  authorName?: string;
  /** Members: the model the topic is on, when not the source's (the federated view). */
  modelId?: string;
};

export function useCreateTopic(source: TopicSource) {
  return useMutation({
    mutationFn: ({ modelId, ...body }: NewTopic) =>
      source.kind === 'member'
        ? http.post<Topic>(`/api/project/${source.projectId}/topics`, {
            ...body,
            modelId: modelId ?? source.modelId ?? null,
            // the version shown is the source model's: a topic put on another model takes its current
            ...(source.modelVersionId && (!modelId || modelId === source.modelId)
              ? { modelVersionId: source.modelVersionId }
              : {}),
          })
        : http.post<Topic>(`${shareBase(source.token)}/topics`, body, shareInit),
    onSuccess: refresh,
  });
}

export function useUpdateTopic(source: TopicSource, id: string) {
  return useMutation({
    mutationFn: (body: UpdateTopicBody & { authorName?: string }) =>
      source.kind === 'member'
        ? http.request<Topic>(`/api/topics/${id}`, { method: 'PATCH', body })
        : http.request<Topic>(`${shareBase(source.token)}/topics/${id}`, {
            ...shareInit,
            method: 'PATCH',
            body,
          }),
    onSuccess: refresh,
  });
}

/** Several topics at once (the issues page's bulk change); resolves when all answered. */
export function useBulkUpdateTopics() {
  return useMutation({
    mutationFn: (input: { ids: string[]; body: UpdateTopicBody }) =>
      Promise.all(
        input.ids.map((id) =>
          http.request<Topic>(`/api/topics/${id}`, { method: 'PATCH', body: input.body }),
        ),
      ),
    onSettled: refresh,
  });
}

export function useDeleteTopic() {
  return useMutation({
    mutationFn: (id: string) => http.request<unknown>(`/api/topics/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useAddComment(source: TopicSource, topicId: string) {
  return useMutation({
    mutationFn: (body: CreateCommentBody & { authorName?: string }) =>
      source.kind === 'member'
        ? http.post<TopicComment>(`/api/topics/${topicId}/comments`, {
            ...body,
            ...(body.viewpoint && source.modelVersionId
              ? { modelVersionId: source.modelVersionId }
              : {}),
          })
        : http.post<TopicComment>(
            `${shareBase(source.token)}/topics/${topicId}/comments`,
            body,
            shareInit,
          ),
    onSuccess: refresh,
  });
}

export function useEditComment() {
  return useMutation({
    mutationFn: (input: { id: string; text: string }) =>
      http.request<TopicComment>(`/api/comments/${input.id}`, {
        method: 'PATCH',
        body: { text: input.text },
      }),
    onSuccess: refresh,
  });
}

export function useDeleteComment() {
  return useMutation({
    mutationFn: (id: string) => http.request<unknown>(`/api/comments/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/**
 * A snapshot image as an object URL: the member route needs the bearer token (an <img> cannot
 * send it), the share route the unlock cookie.
 */
async function fetchSnapshot(url: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  if (!url.startsWith(SHARE_PUBLIC_PATH)) {
    await http.ensureFreshToken();
    const { token } = authStore.getState();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  const response = await fetch(url, {
    headers: withCallHeaders(headers, getLocale()),
    credentials: 'include',
  });
  if (!response.ok) throw toApiError(new Error(`snapshot ${response.status}`));
  return response.blob();
}

export function useSnapshotUrl(url: string | null): string | null {
  const query = useQuery({
    queryKey: ['topics', 'snapshot', url],
    queryFn: async () => URL.createObjectURL(await fetchSnapshot(url!)),
    enabled: !!url,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  return query.data ?? null;
}

/** A Blob as base64 (the create body's `snapshotBase64`). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export type BcfVersion = '3.0' | '2.1';

/**
 * GET /api/project/{id}/bcf (all topics, or the given GUIDs) as a file: the route needs the
 * bearer token, so the file is fetched and handed to the browser as a download.
 */
export function downloadBcf(
  projectId: string,
  version: BcfVersion,
  guids: readonly string[] = [],
): Promise<void> {
  const query = new URLSearchParams({ version });
  if (guids.length) query.set('topics', guids.join(','));
  return downloadWithToken(`/api/project/${projectId}/bcf?${query}`, 'topics.bcf');
}

export type TopicReportFormat = 'pdf' | 'xlsx';

/**
 * GET /api/project/{id}/topics/report: the topics the list's filter matches (every match, not a
 * page) as a PDF or Excel file in the page's language (downloadWithToken sends Accept-Language).
 */
export function downloadTopicReport(
  projectId: string,
  format: TopicReportFormat,
  filter: TopicFilter,
): Promise<void> {
  const { limit: _page, ...filters } = listQuery(filter, 0);
  const query = new URLSearchParams({ format, ...filters });
  return downloadWithToken(
    `/api/project/${projectId}/topics/report?${query}`,
    format === 'pdf' ? 'issues.pdf' : 'issues.xlsx',
  );
}

/** POST /api/project/{id}/bcf with the file as the raw body; answers the import report. */
export function useImportBcf(projectId: string) {
  return useMutation({
    mutationFn: (file: Blob) =>
      http.post<BcfImportReport>(`/api/project/${projectId}/bcf`, file, {
        headers: { 'Content-Type': 'application/octet-stream' },
      }),
    onSuccess: refresh,
  });
}
