/** How long a positive access check of a file request is reused. */
export const VIEW_ACCESS_CACHE_SECONDS = 30;
const MAX_ENTRIES = 10_000;

/**
 * Remembers for VIEW_ACCESS_CACHE_SECONDS that a user may view a project's models, so the
 * three files of a model (and their range requests) cost one membership check, while a removed
 * member's file URLs stop working within that time. Only grants are kept; a refusal is checked
 * again on every request.
 */
export class ViewAccessCache {
  readonly #granted = new Map<string, number>();

  constructor(private readonly seconds = VIEW_ACCESS_CACHE_SECONDS) {}

  has(userId: string, projectId: string, now: Date): boolean {
    const key = `${userId} ${projectId}`;
    const until = this.#granted.get(key);
    if (until === undefined) return false;
    if (until > now.getTime()) return true;
    this.#granted.delete(key);
    return false;
  }

  grant(userId: string, projectId: string, now: Date): void {
    if (this.#granted.size >= MAX_ENTRIES) this.#granted.clear();
    this.#granted.set(`${userId} ${projectId}`, now.getTime() + this.seconds * 1000);
  }
}
