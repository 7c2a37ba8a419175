/**
 * Files on topics and comments over the API: members read, upload and delete through
 * `/api/topics/{id}/attachments` and `/api/attachments/{id}`; share visitors read through the
 * share's twins (the unlock cookie), and with Issue Editing attach files to issues and delete
 * their own. Thumbnails and files are fetched as blobs (a member's
 * route needs the bearer token, which an <img> or a link cannot send).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  SHARE_PUBLIC_PATH,
  type TopicAttachment,
  type TopicAttachmentList,
} from '@truss/contracts';
import { http } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { saveBlob } from '../../shared/lib/download';
import { toApiError } from '../../lib/http';
import { queryClient } from '../../lib/query-client';
import type { TopicSource } from './api';

export const attachmentsKey = (topicId: string) => ['topics', 'attachments', topicId] as const;

export function useAttachments(source: TopicSource, topicId: string) {
  return useQuery({
    queryKey: attachmentsKey(topicId),
    queryFn: () =>
      source.kind === 'member'
        ? http.get<TopicAttachmentList>(`/api/topics/${topicId}/attachments`)
        : http.get<TopicAttachmentList>(
            `${SHARE_PUBLIC_PATH}/${encodeURIComponent(source.token)}/topics/${topicId}/attachments`,
            { credentials: 'include' },
          ),
  });
}

/** A share visitor's upload: through the share's route, under the name they give. */
export interface VisitorUploader {
  token: string;
  authorName: string;
}

const sharePath = (token: string) => `${SHARE_PUBLIC_PATH}/${encodeURIComponent(token)}`;

export function useUploadAttachment(topicId: string, visitor?: VisitorUploader) {
  return useMutation({
    mutationFn: (input: { file: File; commentId?: string }) => {
      const query: Record<string, string> = { name: input.file.name || 'photo.jpg' };
      const headers = { 'Content-Type': input.file.type || 'application/octet-stream' };
      if (visitor) {
        query.authorName = visitor.authorName;
        return http.post<TopicAttachment>(
          `${sharePath(visitor.token)}/topics/${topicId}/attachments`,
          input.file,
          { query, headers, credentials: 'include' },
        );
      }
      if (input.commentId) query.commentId = input.commentId;
      return http.post<TopicAttachment>(`/api/topics/${topicId}/attachments`, input.file, {
        query,
        headers,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(topicId) }),
  });
}

/** Deletes a file: a member's route, or (a visitor's own file) the share's. */
export function useDeleteAttachment(topicId: string, shareToken?: string) {
  return useMutation({
    mutationFn: (id: string) =>
      shareToken
        ? http.request<unknown>(`${sharePath(shareToken)}/attachments/${id}`, {
            method: 'DELETE',
            credentials: 'include',
          })
        : http.request<unknown>(`/api/attachments/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(topicId) }),
  });
}

/** A file of either route as a Blob: the bearer token for members, the cookie for visitors. */
async function fetchFile(url: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  if (!url.startsWith(SHARE_PUBLIC_PATH)) {
    await http.ensureFreshToken();
    const { token } = authStore.getState();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  const response = await fetch(url, { headers, credentials: 'include' });
  if (!response.ok) throw toApiError(new Error(`attachment ${response.status}`));
  return response.blob();
}

/** A thumbnail as an object URL (kept while the topic is open). */
export function useThumbnailUrl(url: string | null): string | null {
  const query = useQuery({
    queryKey: ['topics', 'attachment-thumbnail', url],
    queryFn: async () => URL.createObjectURL(await fetchFile(url!)),
    enabled: !!url,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  return query.data ?? null;
}

/** Opens an image or PDF in a new tab; any other file is saved. */
export async function openAttachment(attachment: TopicAttachment): Promise<void> {
  // The tab opens now, in the click's turn (a popup opened after an await would be blocked).
  const viewable = attachment.is_image || attachment.content_type === 'application/pdf';
  const tab = viewable ? window.open('', '_blank') : null;
  const blob = await fetchFile(attachment.url);
  if (tab) {
    tab.location.href = URL.createObjectURL(blob);
    return;
  }
  saveBlob(blob, attachment.filename);
}

export async function downloadAttachment(attachment: TopicAttachment): Promise<void> {
  saveBlob(await fetchFile(`${attachment.url}?download=1`), attachment.filename);
}
