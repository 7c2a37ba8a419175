/**
 * glibc malloc settings that `npm start` gives the server process (package.json's start script:
 * glibc reads them when the process starts, so the process cannot set them for itself).
 *
 * MALLOC_MMAP_THRESHOLD_: allocations of 1 MiB or more get their own mapping, returned to the
 * system when freed. glibc's default threshold starts at 128 KiB but rises to the size of every
 * larger block freed (up to 32 MiB): once PGlite's and web-ifc's multi-MiB files and buffers
 * have come and gone, blocks of several MiB come from the malloc arenas, whose free pages stay
 * resident. Fixed at 1 MiB, the server at rest on PGlite holds about 40 MiB less
 * (`bench:idle`), with conversions and start-up no slower.
 */
export const MALLOC_ENV_DEFAULTS: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '1048576',
};

/** `env` with the defaults above where it leaves them unset (an empty value counts as unset). */
export function withMallocDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const result = { ...env };
  for (const [name, value] of Object.entries(MALLOC_ENV_DEFAULTS)) {
    if (!result[name]) result[name] = value;
  }
  return result;
}
