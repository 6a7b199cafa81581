// Types of serve-static.mjs, for the TypeScript tests that serve built output.
export declare function serveStatic(
  dir: string,
  options?: { port?: number; base?: string; single?: boolean; cache?: boolean; gzip?: boolean },
): Promise<{ url: string; close: () => Promise<void> }>;
