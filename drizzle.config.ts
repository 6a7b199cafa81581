/** drizzle-kit's settings: `npm run db:generate` turns changes of the schema into a migration. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/db/schemaLive.ts'],
  out: './src/server/db/migrations',
});
