/** The part of a model (GET /api/models/{id}) the early viewer reads. */
export interface ViewableModel {
  id: string;
  status: string;
  viewable_url: string | null;
  metadata_url: string | null;
  deleted_at: string | null;
  /** Bytes of the uploaded file. */
  size?: number;
}

/**
 * A model the early viewer opens: ready, with a viewable, and not in the trash (whose banner
 * changes the page's layout; the app opens those).
 */
export function isEarlyViewable(value: unknown, id: string): value is ViewableModel {
  const model = value as Partial<ViewableModel> | null;
  return (
    !!model &&
    model.id === id &&
    model.status === 'ready' &&
    typeof model.viewable_url === 'string' &&
    !model.deleted_at
  );
}
