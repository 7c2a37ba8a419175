/** At most this many models in one view (each brings its own draw calls and memory). */
export const MAX_FEDERATED_MODELS = 10;

/** `?models=a,b,...`: the distinct, non-empty ids in order, at most MAX_FEDERATED_MODELS. */
export function parseModelIds(value: string | null): string[] {
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, MAX_FEDERATED_MODELS);
}

/** The federated view's path for these models of a project. */
export function federatedViewPath(projectId: string, modelIds: readonly string[]): string {
  return `/project/${projectId}/view?models=${modelIds.map(encodeURIComponent).join(',')}`;
}
