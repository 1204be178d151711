// The environment `npm start` and `npm run dev` run the app with (scripts/start.mjs).

/**
 * glibc's malloc arenas for the app's process, the value the image sets too (Dockerfile `ENV`; scripts/test checks they
 * agree): the portrait's level thread and sharp's threads share two arenas instead of one each, where freed drawing
 * buffers stayed resident (the worker's peak about 100 MB lower; docs/decisions/007). glibc reads it once, when the
 * process starts, so it is given to the child here, never set from inside the app.
 */
export const MALLOC_ARENA_MAX = '2';

/** The app's environment: the caller's, with development as the default NODE_ENV and the arenas; a value given wins. */
export function appEnv(base) {
  return { ...base, NODE_ENV: base.NODE_ENV ?? 'development', MALLOC_ARENA_MAX: base.MALLOC_ARENA_MAX ?? MALLOC_ARENA_MAX };
}
