import type { FastifyInstance } from 'fastify';

/**
 * The one shape of a server module's door, `modules/<m>/index.ts`: `register(app, deps)` builds
 * the module's services once from the dependencies it is handed (no module reaches for another's
 * internals), adds its routes and lifecycle hooks to `app`, and returns its public services.
 * `app.ts` calls them in dependency order.
 */
export type RegisterModule<Deps, Public> = (app: FastifyInstance, deps: Deps) => Promise<Public>;
