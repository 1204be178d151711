// Types for the TypeScript tools that run the app's process as `npm start` does (backend/scripts/bench-artwork.ts).
export const MALLOC_ARENA_MAX: string;
export function appEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
