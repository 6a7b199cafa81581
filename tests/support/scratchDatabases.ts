/**
 * Databases of a test's own on the PostgreSQL at `url`: each `create()` makes a new, empty one
 * and answers its URL; `dropAll()` drops every one made (ending their connections first), so
 * test files running side by side never share rows.
 */
import pg from 'pg';

export interface ScratchDatabases {
  create(): Promise<string>;
  dropAll(): Promise<void>;
}

export function scratchDatabases(url: string): ScratchDatabases {
  const created: string[] = [];
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    async create() {
      const name = `murmur_test_${process.pid}_${created.length}_${Date.now()}`;
      await admin((client) => client.query(`create database "${name}"`));
      created.push(name);
      const address = new URL(url);
      address.pathname = `/${name}`;
      return address.toString();
    },
    dropAll: () =>
      admin(async (client) => {
        for (const name of created.splice(0)) {
          await client.query(`drop database "${name}" with (force)`);
        }
      }),
  };
}

/**
 * The PostgreSQL the tests may use: `DATABASE_URL`, or the throwaway cluster the global setup
 * (tests/setup/postgres.global.ts) started; undefined when there is none.
 */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.MURMUR_TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  return url === undefined || url === '' ? undefined : url;
}
