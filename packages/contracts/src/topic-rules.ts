import type { SheetPin } from './markup.ts';
import type { TopicPin } from './topics.ts';

/**
 * The topics' plain values, without zod: the model page's topics panel and toolbar use them in
 * its first render, which builds no schema (the schemas load with the forms that check them).
 */

export const TOPIC_TITLE_MAX = 255;
export const TOPIC_DESCRIPTION_MAX = 10_000;
export const COMMENT_TEXT_MAX = 5_000;

/** Built-in lists; a project's admins add types (`topic_types`), BCF imports bring their own. */
export const DEFAULT_TOPIC_TYPES = ['Issue', 'Request', 'Clash', 'Remark'] as const;
export const TOPIC_STATUSES = ['Open', 'In Progress', 'Resolved', 'Closed'] as const;
export const TOPIC_PRIORITIES = ['Low', 'Normal', 'High', 'Critical'] as const;

/** Whether a topic is pinned on a sheet (else in the 3D model, or nowhere). */
export function isSheetPin(pin: TopicPin | null | undefined): pin is SheetPin {
  return !!pin && 'sheetId' in pin;
}
