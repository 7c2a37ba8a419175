import type { Query, QueryClient } from '@tanstack/react-query';
import {
  modelProgressEventSchema,
  modelStatusEventSchema,
  type ServerEvent,
} from '@truss/contracts';
import { refetchChanged } from '../../lib/query-client';
import { applyModelProgress, applyModelStatus, modelsKey } from './api';

/**
 * `model.progress` goes straight into the cached models (no refetch: a conversion reports every
 * half second); `model.status` sets the status at once and refetches the project's lists and the
 * model. Malformed events are ignored.
 */
export function applyModelEvent(event: ServerEvent, client: QueryClient): void {
  if (event.type === 'model.progress') {
    const parsed = modelProgressEventSchema.safeParse(event.data);
    if (parsed.success) applyModelProgress(client, parsed.data);
    return;
  }
  if (event.type === 'model.status') {
    const parsed = modelStatusEventSchema.safeParse(event.data);
    if (parsed.success) applyModelStatus(client, event.projectId, parsed.data);
    else if (event.projectId) void refetchChanged(client, { queryKey: modelsKey });
  }
}

/** After a reconnect, statuses may have been missed. */
export function refreshModelsAfterReconnect(
  client: QueryClient,
  predicate?: (query: Query) => boolean,
): void {
  void refetchChanged(client, { queryKey: modelsKey, ...(predicate ? { predicate } : {}) });
}
