import type { FastifyBaseLogger } from 'fastify';
import type { DataAccess } from '../../repositories.ts';
import type { MarkupSnapshots } from './bcf/markup-snapshots.ts';
import { MAIL_PICTURES_MAX, type TopicPicture } from './notice-mail.ts';
import type { TopicsRepositories } from './repositories.ts';

/**
 * The pictures notification mails carry: each topic's snapshot (or its sheet's preview) with the
 * markup it holds when the mail goes, drawn on the server as the BCF export draws it. A picture
 * that cannot be drawn is left out; the mail goes without it.
 */
export class TopicPictures {
  readonly #data: DataAccess<TopicsRepositories>;
  readonly #markup: MarkupSnapshots;
  readonly #log: FastifyBaseLogger;

  constructor(
    data: DataAccess<TopicsRepositories>,
    markup: MarkupSnapshots,
    log: FastifyBaseLogger,
  ) {
    this.#data = data;
    this.#markup = markup;
    this.#log = log;
  }

  /** Pictures of the first `MAIL_PICTURES_MAX` of these topics that have one. */
  async forTopics(topicIds: readonly string[]): Promise<Map<string, TopicPicture>> {
    const pictures = new Map<string, TopicPicture>();
    const repos = this.#data.repos;
    for (const id of [...new Set(topicIds)]) {
      if (pictures.size >= MAIL_PICTURES_MAX) break;
      try {
        const row = await repos.topics.findTopic(id);
        if (!row) continue;
        const [first] = await repos.topics.viewpoints.viewpointsWithSnapshots([id]);
        const picture = await this.#markup.picture(repos, row, first);
        if (picture) pictures.set(id, picture);
      } catch (error) {
        this.#log.warn({ err: error, topic: id }, 'could not draw a topic picture for a mail');
      }
    }
    return pictures;
  }
}
