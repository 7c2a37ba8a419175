import serverPackage from '../../package.json' with { type: 'json' };

/**
 * The server package's version, shown by /api/health and the OpenAPI document (imported, so the
 * built server carries it inside its bundle).
 */
export const SERVER_VERSION: string = serverPackage.version;
