import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  SHARE_PUBLIC_PATH,
  SHARES_PATH,
  type CreateShareBody,
  type PublicShare,
  type Share,
  type Sheet,
  type UpdateShareBody,
} from '@truss/contracts';
import { http } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

/**
 * Query keys. The owner's shares live under `['shares']`: My Shares under `['shares', 'mine']`,
 * one model's shares under `['shares', 'model', modelId]`. The public page's answer is
 * `['share-public', token]` (a visitor's view, kept apart so invalidating the owner's lists
 * never refetches it and the other way round).
 */
const sharesKey = ['shares'] as const;
const mySharesKey = ['shares', 'mine'] as const;
const modelSharesKey = (modelId: string) => ['shares', 'model', modelId] as const;
const publicShareKey = (token: string) => ['share-public', token] as const;

/** GET /api/shares (My Shares). */
const mySharesQuery = () =>
  queryOptions({
    queryKey: mySharesKey,
    queryFn: async () => {
      try {
        return await http.get<Share[]>(SHARES_PATH);
      } catch (error) {
        console.error('[share] failed to get the share list', error);
        throw error;
      }
    },
  });

/** GET /api/shares?modelId= (the model's share dialog). */
const modelSharesQuery = (modelId: string) =>
  queryOptions({
    queryKey: modelSharesKey(modelId),
    queryFn: () => http.get<Share[]>(SHARES_PATH, { query: { modelId } }),
  });

/**
 * GET /api/share/{token}. The unlock cookie rides along (same origin); a signed-in visitor's
 * bearer token too, which a private share needs. Never retried: every answer but 5xx is final.
 */
export const publicShareQuery = (token: string) =>
  queryOptions({
    queryKey: publicShareKey(token),
    queryFn: () =>
      http.get<PublicShare>(`${SHARE_PUBLIC_PATH}/${encodeURIComponent(token)}`, {
        credentials: 'include',
      }),
    retry: false,
    // Fresh for a moment, so the page does not ask again right after the route's prefetch; a
    // visitor's focus coming back later re-checks the share (disabled -> the expired state).
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });

/**
 * The shared model's sheets (`model.sheets_url`): a drawing's pages and layouts, or an IFC
 * model's storey plans, with share-scoped URLs (checked against the share on every request, the
 * unlock cookie riding along as for the share itself).
 */
export const sharedSheetsQuery = (token: string, url: string) =>
  queryOptions({
    queryKey: [...publicShareKey(token), 'sheets'] as const,
    queryFn: () => http.get<Sheet[]>(url, { credentials: 'include' }),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useMyShares() {
  return useQuery(mySharesQuery());
}

export function useModelShares(modelId: string | undefined) {
  return useQuery({ ...modelSharesQuery(modelId ?? ''), enabled: !!modelId });
}

const sharesApi = {
  create: (body: CreateShareBody) => http.post<Share>(SHARES_PATH, body),
  update: (id: string, body: UpdateShareBody) =>
    http.request<Share>(`${SHARES_PATH}/${id}`, { method: 'PATCH', body }),
  remove: (id: string) => http.request<unknown>(`${SHARES_PATH}/${id}`, { method: 'DELETE' }),
  verify: (token: string, code: string) =>
    http.post<PublicShare>(
      `${SHARE_PUBLIC_PATH}/${encodeURIComponent(token)}/verify`,
      { code },
      { credentials: 'include' },
    ),
};

/** Every owner-side share list (My Shares and each model's dialog) refetches. */
function refreshShareLists(): void {
  void queryClient.invalidateQueries({ queryKey: sharesKey });
}

/** Writes a changed share into every cached list at once, before the refetch lands. */
function patchShareInLists(share: Share): void {
  queryClient.setQueriesData<Share[]>({ queryKey: sharesKey }, (list) =>
    list?.map((s) => (s.id === share.id ? { ...share, access_code: s.access_code } : s)),
  );
}

export function useCreateShare() {
  return useMutation({
    mutationFn: sharesApi.create,
    onSuccess: refreshShareLists,
  });
}

export function useUpdateShare() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateShareBody }) => sharesApi.update(id, body),
    onSuccess: (share) => {
      patchShareInLists(share);
      refreshShareLists();
    },
  });
}

export function useDeleteShare() {
  return useMutation({
    mutationFn: (share: Pick<Share, 'id'>) => sharesApi.remove(share.id),
    onSuccess: (_data, share) => {
      queryClient.setQueriesData<Share[]>({ queryKey: sharesKey }, (list) =>
        list?.filter((s) => s.id !== share.id),
      );
      refreshShareLists();
    },
  });
}

/** A right code: the answer is the unlocked share, written straight into the page's query. */
export function useVerifyShare(token: string) {
  return useMutation({
    mutationFn: (code: string) => sharesApi.verify(token, code),
    onSuccess: (share) => queryClient.setQueryData(publicShareKey(token), share),
  });
}

/** The chrome-less embed mode of a share page, for an `<iframe>`. */
function embedUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}embed=1`;
}

export function embedSnippet(url: string, title: string): string {
  const safeTitle = title.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${embedUrl(url)}" title="${safeTitle}" width="800" height="600" style="border:0" allow="fullscreen; clipboard-write" allowfullscreen></iframe>`;
}

/** A random 4-digit access code from the browser's CSPRNG (0000–9999, leading zeros kept). */
export function randomAccessCode(): string {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return String(value % 10_000).padStart(4, '0');
}
