import type { CachedReads } from '../cache/index.ts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { UsersRepositories } from './repositories.ts';
import type { RegisterModule } from '../module.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { NotificationPolicy } from './notification-policy.ts';
import { usersRoutes } from './routes.ts';
import { UsersService } from './service.ts';

export { EmailAlreadyRegisteredError, UserNotFoundError } from './errors.ts';
export { NotificationPolicy } from './notification-policy.ts';
export { displayName, toProfile, UsersService } from './service.ts';
export {
  createUsersRepositories,
  type UsersRepositories,
  userAccounts,
  type UserAccounts,
} from './repositories.ts';

export interface UsersDeps {
  data: DataAccess<UsersRepositories>;
  /** Where avatars are kept (the models' object storage). */
  storage: ObjectStorage;
  requireAuth: onRequestAsyncHookHandler;
  now: Clock;
  /** The hot reads' cache: profiles are kept in it. */
  cache?: CachedReads;
}

export interface UsersModule {
  users: UsersService;
  /** Asked before every mail that is not about security (users' notification settings). */
  notifications: NotificationPolicy;
}

/** Profile, avatar, preferences and notification settings of the signed-in user. */
export const register: RegisterModule<UsersDeps, UsersModule> = async (app, deps) => {
  const users = new UsersService({
    data: deps.data,
    now: deps.now,
    log: app.log,
    storage: deps.storage,
    ...(deps.cache ? { cache: deps.cache } : {}),
  });
  await app.register(usersRoutes, { users, requireAuth: deps.requireAuth });
  return { users, notifications: new NotificationPolicy(deps.data) };
};
