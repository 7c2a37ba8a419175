import { MENTION_PATTERN, type Topic, type TopicComment } from '@truss/contracts';
import type { TopicsRepositories } from './repositories.ts';
import { displayName } from '../users/index.ts';

/**
 * What a share visitor sees of people: members' display names, never an e-mail address. Topics
 * and comments keep the author's name as it was written (a member without a display name is
 * written by address, and BCF files name people by address), so the names are decided here, as
 * the visitor's answers are built: the member's display name when there is one, else '' (the
 * web app shows "Project member"); an address typed into a mention keeps only its local part.
 */
export class VisitorNames {
  private constructor(private readonly names: ReadonlyMap<string, string>) {}

  /** The display names of the people that `topics` and `comments` name. */
  static async of(
    repos: TopicsRepositories,
    topics: readonly Topic[],
    comments: readonly TopicComment[] = [],
  ): Promise<VisitorNames> {
    const ids = new Set<string>();
    for (const topic of topics) {
      if (topic.author.user_id) ids.add(topic.author.user_id);
      if (topic.assignee_id) ids.add(topic.assignee_id);
    }
    for (const comment of comments) {
      if (comment.author.user_id) ids.add(comment.author.user_id);
      for (const id of comment.mentions) ids.add(id);
    }
    const names = new Map<string, string>();
    for (const row of await repos.topics.nameFields([...ids])) {
      const name = displayName(row);
      if (name) names.set(row.id, name);
    }
    return new VisitorNames(names);
  }

  topic<T extends Topic>(topic: T): T {
    return {
      ...topic,
      author: { ...topic.author, name: this.#name(topic.author.user_id, topic.author.name) },
      assigned_to: topic.assignee_id
        ? (this.names.get(topic.assignee_id) ?? '')
        : topic.assigned_to && this.#name(null, topic.assigned_to),
    };
  }

  comment(comment: TopicComment): TopicComment {
    return {
      ...comment,
      author: { ...comment.author, name: this.#name(comment.author.user_id, comment.author.name) },
      text: comment.text.replace(MENTION_PATTERN, (markup: string, id: string) => {
        const label = markup.slice(2, markup.indexOf(']('));
        const name = this.names.get(id.toLowerCase()) ?? label.split('@')[0]!;
        return `@[${name}](${id})`;
      }),
    };
  }

  #name(userId: string | null, written: string): string {
    const known = userId ? this.names.get(userId) : undefined;
    if (known) return known;
    return written.includes('@') ? '' : written;
  }
}
