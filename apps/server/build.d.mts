/** Builds dist/ unless it is up to date (build.mjs); resolves to whether it built. */
export function buildServer(options?: { force?: boolean }): Promise<boolean>;
