// Types of compiled-server.mjs, for the TypeScript tests that start the compiled server.
export declare const SERVER_MAIN: string;
export declare function freePort(): Promise<number>;
export interface CompiledServer {
  origin: string;
  port: number;
  /** The process's id (with WEB_CONCURRENCY > 1, the primary's). */
  pid: number | undefined;
  /** SIGTERM (SIGKILL after 15 s); resolves with the exit code. */
  stop: () => Promise<number | null>;
  exited: Promise<number | null>;
  output: () => string;
}
export declare function startCompiledServer(options?: {
  main?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
  port?: number;
  onLine?: (line: string) => void;
  readyMs?: number;
}): Promise<CompiledServer>;
