import { randomUUID } from 'node:crypto';
import { addMember, signIn } from '../testing/project-team.ts';
import { createShare, readyModel } from '../testing/share-fixture.ts';
import { attachFile, attachFileAsVisitor, type Role, type World } from './fixture.ts';

/**
 * What an operation that removes or ends its target acts on, new for each call: the sweep's
 * shared rows (and sessions) stay intact for the operations after it.
 */
export type Fresh =
  | 'model'
  | 'modelVersion'
  | 'project'
  | 'share'
  | 'topic'
  | 'comment'
  | 'attachment'
  | 'visitorAttachment'
  | 'savedView'
  | 'savedQuery'
  | 'membership'
  | 'invitation'
  | 'upload'
  | 'session';

interface FreshCall {
  world: World;
  params: Record<string, string>;
}

async function created(world: World, path: string, token: string, body: unknown) {
  const res = await world.server.api<{ id: string }>('POST', path, { token, body });
  if (res.status !== 201 && res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.body.id;
}

/** A file the member attached to the world's topic (its uploader, owner and admin delete it). */
async function freshAttachment(world: World): Promise<FreshCall> {
  const { server, team, topicId } = world;
  return { world, params: { id: await attachFile(server, team.member.token, topicId, 'f.png') } };
}

/** A file the sweep's share visitor attached to the world's topic (that visitor deletes it). */
async function freshVisitorAttachment(world: World): Promise<FreshCall> {
  const { server, share, visitorCookie, topicId } = world;
  const id = await attachFileAsVisitor(server, share, visitorCookie, topicId, 'v.png');
  return { world, params: { attachmentId: id } };
}

export async function freshParams(
  world: World,
  fresh: Fresh | undefined,
  role: Role,
): Promise<FreshCall> {
  if (fresh === 'attachment') return freshAttachment(world);
  if (fresh === 'visitorAttachment') return freshVisitorAttachment(world);
  const { server, team } = world;
  const owner = team.owner;
  switch (fresh) {
    case undefined:
      return { world, params: {} };
    case 'model':
      return { world, params: { id: (await readyModel(server, owner.token, team.project.id)).id } };
    case 'modelVersion': {
      // A failed (never current) later version of the world's model, straight in the database.
      const id = randomUUID();
      const last = await server.db
        .selectFrom('model_versions')
        .select((eb) => eb.fn.max('number').as('n'))
        .where('model_id', '=', world.model.id)
        .executeTakeFirstOrThrow();
      const at = new Date();
      await server.db
        .insertInto('model_versions')
        .values({
          id,
          model_id: world.model.id,
          number: Number(last.n ?? 0) + 1,
          created_by: owner.user.id,
          created_at: at,
          updated_at: at,
          size_bytes: 64,
          status: 'failed',
          failure_code: 'MALFORMED_FILE',
        })
        .execute();
      return { world, params: { versionId: id } };
    }
    case 'project': {
      // Straight in the database: the sweep's own project creations may fill the plan.
      const project = await server.db
        .insertInto('projects')
        .values({
          name: 'Disposable',
          description: 'Sweep',
          owner_id: owner.user.id,
          metadata: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db
        .insertInto('project_members')
        .values({
          project_id: project.id,
          user_id: owner.user.id,
          role: 'owner',
          status: 'accepted',
        })
        .execute();
      await addMember(server, project.id, team.admin.user.id, 'admin');
      await addMember(server, project.id, team.member.user.id, 'member');
      return { world, params: { id: project.id } };
    }
    case 'share': {
      const share = await createShare(server, owner.token, {
        modelId: world.model.id,
        type: 'public',
        expiration: 'never',
      });
      return { world, params: { id: share.id } };
    }
    case 'topic': {
      const id = await created(world, `/api/project/${team.project.id}/topics`, team.member.token, {
        kind: 'comment',
        modelId: world.model.id,
        title: 'Disposable',
      });
      return { world, params: { id } };
    }
    case 'savedView': {
      const viewId = await created(
        world,
        `/api/models/${world.model.id}/views`,
        team.member.token,
        {
          name: 'Disposable',
          state: 'eyJjIjpbMCwwLDBdfQ',
        },
      );
      return { world, params: { viewId } };
    }
    case 'savedQuery': {
      const queryId = await created(
        world,
        `/api/project/${team.project.id}/queries`,
        team.member.token,
        { name: 'Disposable', where: { all: [{ field: 'name', op: 'exists' }] } },
      );
      return { world, params: { queryId } };
    }
    case 'comment': {
      const id = await created(world, `/api/topics/${world.topicId}/comments`, team.member.token, {
        text: 'Disposable',
      });
      return { world, params: { id } };
    }
    case 'membership': {
      const user = await server.createUser();
      const memberId = await addMember(server, team.project.id, user.user.id, 'member');
      return { world, params: { memberId } };
    }
    case 'invitation': {
      // Straight in the database (invitation mails are capped per day). Its link is unknown
      // here: token routes get a token nobody holds (404) and only prove they stay up.
      const row = await server.db
        .insertInto('project_invitations')
        .values({
          project_id: team.project.id,
          email: `fresh-${randomUUID()}@example.com`,
          role: 'member',
          token_hash: randomUUID(),
          invited_by: owner.user.id,
          created_at: new Date(),
          expires_at: new Date(Date.now() + 86_400_000),
          last_sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { world, params: { invitationId: row.id, token: randomUUID() } };
    }
    case 'upload': {
      // Three unfinished uploads at most per user: only the owner's call needs its own.
      if (role !== 'owner') return { world, params: {} };
      const res = await fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${owner.token}`,
          'tus-resumable': '1.0.0',
          'upload-length': '64',
          'upload-metadata': `projectId ${b64(team.project.id)},filename ${b64('fresh.obj')}`,
        },
      });
      return { world, params: { id: (res.headers.get('location') ?? '').split('/').pop() ?? '' } };
    }
    case 'session': {
      if (role === 'anonymous' || role === 'visitor') return { world, params: {} };
      const again = await signIn(server, role === 'guest' ? world.guest : team[role]);
      const as: World['as'] = (who, path) =>
        who === role ? { token: again.token } : world.as(who, path);
      return { world: { ...world, as }, params: {} };
    }
  }
}

function b64(text: string): string {
  return Buffer.from(text).toString('base64');
}
