/**
 * The projects feature's door: what other features may use of it (projects, their members and the
 * current project). A file of another feature imports `features/projects` (this file), never a
 * file inside it (eslint.config.js, featureInternals). Named re-exports only, so a page takes
 * the modules it uses and no more.
 */
export {
  dropProject,
  goneHere,
  membersKey,
  membersQuery,
  myInvitationsKey,
  projectKey,
  projectsKey,
  projectsQuery,
  useMyId,
} from './api';
export { ProjectAvatar, useProjectName } from './components/ProjectAvatar';
export { ProjectNotFound } from './components/ProjectNotFound';
export { chooseProject, useCurrentProject, useRouteProjectId } from './current';
export { actorFor, useProjectAbilities } from './permissions';
