/**
 * Which API the app talks to is decided when it is built, never at run time, by the build mode:
 *
 * - any build but one (`npm start`, `npm run build`, Storybook, the tests): the mock API, MSW in
 *   the visitor's own browser, with its 'Reset demo data' button;
 * - `vite build --mode server` (`npm run build:server`, which `npm run serve` runs): Murmur's
 *   Node server answers `/api`. The mock's chunk is dead code there and not in the output. The
 *   guest button and the demo reset, which would wipe a database people share, show only once
 *   the server says it has them (`GET /api/demo`); the app on the mock assumes both from the
 *   start (murmur.ts).
 *
 * vite.config.ts turns the mode into one flag, `import.meta.env.MURMUR_SERVER_BUILD`, written
 * into the code as a literal `true` or `false` wherever it is read (main.tsx, murmur.ts,
 * ProfilePage.tsx), so the bundler drops the branch that cannot run. Undefined (the mock) where
 * Vite does not build: Vitest. This module has no `import.meta.env` itself, so vite.config.ts can read it while it loads.
 */

/** The Vite mode of the app built for the Node server. */
export const SERVER_MODE = 'server';

declare global {
  interface ImportMetaEnv {
    /** True in the app built for the Node server (see above); a build-time literal. */
    readonly MURMUR_SERVER_BUILD?: boolean;
  }
}
