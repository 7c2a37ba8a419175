import { DEFAULT_TOPIC_TYPES, TOPIC_STATUSES } from '@truss/contracts';

/**
 * A BCF file's statuses and types in the project's own words. Other tools write their own
 * spellings (`OPEN`, `Active`, `Done`, `ERROR`): kept raw, such a topic fell outside the default
 * "Open" filter and added an option to the status menu (issue 35). Statuses are Truss's fixed
 * list, so a value matching none of them becomes the default; types are the project's list, to
 * which an import adds the types it brings (contracts' DEFAULT_TOPIC_TYPES), matched the same way.
 */

type Status = (typeof TOPIC_STATUSES)[number];

/** What a status or type is matched on: its letters and digits, lower-cased. */
const key = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

export const DEFAULT_STATUS: Status = 'Open';
export const DEFAULT_TYPE = DEFAULT_TOPIC_TYPES[0];

/** Other tools' words for Truss's statuses (BIMcollab, Solibri, Revit plug-ins, ACC, Jira). */
const STATUS_ALIASES: Readonly<Record<string, Status>> = {
  active: 'Open',
  new: 'Open',
  reopened: 'Open',
  assigned: 'Open',
  todo: 'Open',
  inprogress: 'In Progress',
  started: 'In Progress',
  ongoing: 'In Progress',
  doing: 'In Progress',
  fixed: 'Resolved',
  closed: 'Closed',
  done: 'Closed',
  complete: 'Closed',
  completed: 'Closed',
  finished: 'Closed',
  inactive: 'Closed',
};

const STATUS_BY_KEY = new Map<string, Status>([
  ...Object.entries(STATUS_ALIASES),
  ...TOPIC_STATUSES.map((status) => [key(status), status] as const),
]);

/** A file's status as one of Truss's: the same word in any case, an alias, else the default. */
export function projectStatus(value: string): Status {
  return STATUS_BY_KEY.get(key(value)) ?? DEFAULT_STATUS;
}

/**
 * A file's types as the project's: a type the project has (in any case or spacing) takes the
 * project's spelling; a new one is kept as first written in the import, later spellings of it
 * joining that one; a blank type is the default.
 */
export class ProjectTypes {
  readonly #byKey = new Map<string, string>();
  readonly #added: string[] = [];

  constructor(projectTypes: readonly string[]) {
    for (const type of projectTypes)
      if (!this.#byKey.has(key(type))) this.#byKey.set(key(type), type);
  }

  /** The project's type for `value` (adding it when new). */
  take(value: string): string {
    const written = value.trim();
    const k = key(written);
    if (!k) return DEFAULT_TYPE;
    const known = this.#byKey.get(k);
    if (known) return known;
    this.#byKey.set(k, written);
    this.#added.push(written);
    return written;
  }

  /** The types `take` added, in the order first met. */
  get added(): readonly string[] {
    return this.#added;
  }
}
