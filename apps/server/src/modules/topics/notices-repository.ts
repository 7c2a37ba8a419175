import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Locale } from '@truss/contracts';
import type { Database, TopicNoticeKind, TopicNoticesTable } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A notice a mail carries, with what the mail says about its topic. */
export interface ClaimedNotice {
  kind: TopicNoticeKind;
  actor_name: string;
  status: string | null;
  created_at: Date;
  topic_id: string;
  topic_number: number;
  topic_kind: 'comment' | 'issue';
  topic_title: string;
  project_id: string;
  project_name: string;
  /** False when the recipient has left the project since (the notice is dropped). */
  member: boolean;
}

export interface NoticeRecipient {
  id: string;
  /** Null for an account without an address (a WeChat sign-up): its notices are not mailed. */
  email: string | null;
  language: Locale;
  status: string;
}

/** Pending topic notifications (`topic_notices`) and the per-recipient mail window. */
export class TopicNoticesRepository {
  constructor(private readonly db: Executor) {}

  async insert(rows: Insertable<TopicNoticesTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('topic_notices').values(rows).execute();
  }

  /** Locks the recipient's user row: one mail decision per recipient at a time (across processes). */
  async lockRecipient(userId: string): Promise<NoticeRecipient | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'language', 'status'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** When the recipient's newest topic mail went out (null: never). */
  async lastSent(userId: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('topic_notices')
      .select((eb) => eb.fn.max('sent_at').as('last'))
      .where('user_id', '=', userId)
      .where('sent_at', 'is not', null)
      .executeTakeFirst();
    return row?.last ? new Date(row.last) : null;
  }

  /** Marks every pending notice of the recipient as sent now and returns them, oldest first. */
  async claimPending(userId: string, now: Date): Promise<ClaimedNotice[]> {
    const claimed = await this.db
      .updateTable('topic_notices')
      .set({ sent_at: now })
      .where('user_id', '=', userId)
      .where('sent_at', 'is', null)
      .returning(['id'])
      .execute();
    if (claimed.length === 0) return [];
    return this.db
      .selectFrom('topic_notices as n')
      .innerJoin('topics as t', 't.id', 'n.topic_id')
      .innerJoin('projects as p', 'p.id', 't.project_id')
      .leftJoin('project_members as pm', (join) =>
        join
          .onRef('pm.project_id', '=', 'p.id')
          .onRef('pm.user_id', '=', 'n.user_id')
          .on('pm.status', '=', 'accepted'),
      )
      .select([
        'n.kind',
        'n.actor_name',
        'n.status',
        'n.created_at',
        't.id as topic_id',
        't.number as topic_number',
        't.kind as topic_kind',
        't.title as topic_title',
        'p.id as project_id',
        'p.name as project_name',
        'pm.user_id as member_id',
      ])
      .where(
        'n.id',
        'in',
        claimed.map((row) => row.id),
      )
      .orderBy('n.created_at')
      .execute()
      .then((rows) =>
        rows.map(({ member_id, ...row }) => ({ ...row, member: member_id !== null })),
      );
  }

  /** Recipients with pending notices whose last mail went out before `windowStart` (or never). */
  async dueRecipients(windowStart: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('topic_notices as n')
      .select('n.user_id')
      .distinct()
      .where('n.sent_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('topic_notices as s')
              .select('s.id')
              .whereRef('s.user_id', '=', 'n.user_id')
              .where('s.sent_at', '>', windowStart),
          ),
        ),
      )
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** Forgets mailed notices older than `before` (they only mattered for the window). */
  async pruneSent(before: Date): Promise<void> {
    await this.db.deleteFrom('topic_notices').where('sent_at', '<', before).execute();
  }
}
