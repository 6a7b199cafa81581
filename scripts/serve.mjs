// `npm run serve` (after `npm run build:server`): the compiled server, dist-server/server/main.js,
// as the command to try Murmur on a real server, so with the demo's people and posts in a new
// database (SEED_DEMO=1: the guest button works) unless SEED_DEMO is set already. A deployment
// runs `node dist-server/server/main.js` itself, which seeds nothing unless told.
//
// Setting the variable here, in the one process, works the same in every shell (a
// `SEED_DEMO=1 node …` script would not run on Windows) and leaves signals as they are.
process.setSourceMapsEnabled(true);
process.env.SEED_DEMO ??= '1';
await import(new URL('../dist-server/server/main.js', import.meta.url).href);
