import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { SHARE_PUBLIC_PATH, type ServerEvent } from '@truss/contracts';
import { queryClient, refetchChanged } from '../../lib/query-client';
import { topicKey, topicsKey } from './api';

const TOPIC_EVENTS = new Set<ServerEvent['type']>([
  'topic.created',
  'topic.updated',
  'topic.deleted',
  'topics.imported',
  'comment.created',
  'comment.updated',
  'comment.deleted',
]);

/** A topic or comment changed somewhere: refetch the lists, counts and that topic. */
export function applyTopicEvent(event: ServerEvent, client: QueryClient): boolean {
  if (!TOPIC_EVENTS.has(event.type)) return false;
  const topicId = typeof event.data.topicId === 'string' ? event.data.topicId : null;
  if (topicId && event.type !== 'topics.imported') {
    void refetchChanged(client, { queryKey: topicKey(topicId) });
  }
  void refetchChanged(client, { queryKey: topicsKey });
  return true;
}

/**
 * A share page's own event stream (no account): the shared model's topic events, from
 * /api/share/{token}/events. The server ends it every few minutes; it reconnects (and the share
 * is checked again) with the usual back-off.
 */
export function useShareTopicEvents(token: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    // The stream's code, with the schemas it checks events with, loads only on a share page:
    // the model page, which imports this panel too, does not build them before it is usable.
    let stream: { stop(): void } | null = null;
    let stopped = false;
    void import('../../events/events').then(({ startEventStream }) => {
      if (stopped) return;
      stream = startEventStream({
        url: `${SHARE_PUBLIC_PATH}/${encodeURIComponent(token)}/events`,
        getToken: () => null,
        anonymous: true,
        onEvent: (event) => void applyTopicEvent(event, queryClient),
        onOpen: ({ reconnected }) => {
          if (reconnected) void refetchChanged(queryClient, { queryKey: topicsKey });
        },
      });
    });
    return () => {
      stopped = true;
      stream?.stop();
    };
  }, [token, enabled]);
}
