// Types of postgres.mjs, for the TypeScript tests that use a throwaway PostgreSQL.
export declare function findPostgresBin(): string | undefined;
export declare function startThrowawayPostgres(): Promise<{
  url: string;
  stop: () => Promise<void>;
} | null>;
