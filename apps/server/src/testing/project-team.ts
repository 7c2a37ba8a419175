import type { AuthResponse, Project } from '@truss/contracts';
import type { CreatedUser, TestServer } from './test-server.ts';

export type TestUser = CreatedUser;

/** A project with one user per standing: owner (creator), admin, member, and an outsider. */
export interface Team {
  project: Project;
  owner: TestUser;
  admin: TestUser;
  member: TestUser;
  outsider: TestUser;
}

/** Adds `user` as an accepted member straight in the database (no invitation round trip). */
export async function addMember(
  server: TestServer,
  projectId: string,
  userId: string,
  role: 'admin' | 'member' | 'guest',
  invitedBy: string | null = null,
): Promise<string> {
  const row = await server.db
    .insertInto('project_members')
    .values({
      project_id: projectId,
      user_id: userId,
      role,
      status: 'accepted',
      invited_by: invitedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createProject(
  server: TestServer,
  token: string,
  name = 'Tower A',
): Promise<Project> {
  const res = await server.api<Project>('POST', '/api/project', {
    token,
    body: { name, description: 'Structural model of tower A' },
  });
  if (res.status !== 201) throw new Error(`create project failed: ${res.text}`);
  return res.body;
}

export async function createTeam(server: TestServer, users?: Omit<Team, 'project'>): Promise<Team> {
  const [owner, admin, member, outsider] = users
    ? [users.owner, users.admin, users.member, users.outsider]
    : await Promise.all([
        server.createUser(),
        server.createUser(),
        server.createUser(),
        server.createUser(),
      ]);
  const project = await createProject(server, owner.token);
  await addMember(server, project.id, admin.user.id, 'admin', owner.user.id);
  await addMember(server, project.id, member.user.id, 'member', owner.user.id);
  return { project, owner, admin, member, outsider };
}

/** Signs in again (e.g. after the test clock moved past the access token's lifetime). */
export async function signIn(server: TestServer, user: TestUser): Promise<TestUser> {
  const res = await server.api<AuthResponse>('POST', '/api/auth/login', {
    body: { email: user.user.email, password: user.password },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.text}`);
  return {
    ...res.body,
    user: { ...res.body.user, email: user.user.email },
    password: user.password,
  };
}
