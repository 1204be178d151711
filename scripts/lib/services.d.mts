// Types for the TypeScript tools that start their own services (backend/scripts/bench-flow.ts).
export interface StartedService {
  url: string;
  stop(): Promise<void>;
}
export const root: string;
export function freePort(): Promise<number>;
export function startPostgres(options: { dataDir: string; port: number; persistent: boolean; database: string }): Promise<StartedService>;
export function startRedis(options: { dir: string; port: number; persistent: boolean }): Promise<StartedService>;
export function waitForHttp(url: string, timeoutMs: number): Promise<void>;
