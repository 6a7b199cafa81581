// A throwaway PostgreSQL cluster for tests and benchmarks, from Debian's `postgresql` package
// (binaries in /usr/lib/postgresql/<version>/bin): a new cluster in a temporary directory, on a
// free port of 127.0.0.1 with its unix socket in that directory, trusted local logins, no fsync.
// `stop()` shuts it down and deletes the directory. As root, the cluster runs as the `postgres`
// user (initdb refuses root).
//
//   node scripts/postgres.mjs        prints the URL, stops on Ctrl-C
//   DATABASE_URL=$(…) npx vitest run tests/unit/server   uses it from the tests
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './compiled-server.mjs';

const ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest installed PostgreSQL, or undefined. */
export function findPostgresBin() {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((name) => existsSync(join(ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] === undefined ? undefined : join(ROOT, versions[0], 'bin');
}

/** The `postgres` user's ids when we are root (so the cluster runs as them), else undefined. */
function clusterOwner() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('Running as root, but there is no `postgres` user to run the cluster as');
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function run(owner, binary, args) {
  const [command, commandArgs] = owner
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${binary} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr}${result.stdout}`,
    );
  }
}

/**
 * Starts a new PostgreSQL cluster; `null` when PostgreSQL is not installed.
 * @returns {Promise<{ url: string, stop: () => Promise<void> } | null>}
 */
export async function startThrowawayPostgres() {
  const bin = findPostgresBin();
  if (bin === undefined) return null;
  const owner = clusterOwner();
  const dir = mkdtempSync(join(tmpdir(), 'murmur-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  writeFileSync(log, '');
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chownSync(log, owner.uid, owner.gid);
  }
  let started = false;
  const stopNow = () => {
    if (started) {
      started = false;
      try {
        run(owner, join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w']);
      } catch {
        // Already gone: nothing to stop.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run that ends without stop() must not leave a server behind.
  process.once('exit', stopNow);
  try {
    run(owner, join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-sync',
    ]);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=100',
    ].join(' ');
    run(owner, join(bin, 'pg_ctl'), ['start', '-D', data, '-l', log, '-w', '-o', settings]);
    started = true;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => {
        process.removeListener('exit', stopNow);
        stopNow();
      },
    };
  } catch (error) {
    process.removeListener('exit', stopNow);
    stopNow();
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startThrowawayPostgres();
  if (server === null) {
    console.error('PostgreSQL is not installed (apt-get install -y postgresql).');
    process.exit(1);
  }
  console.log(server.url);
  // Nothing else keeps this process alive: wait here until Ctrl-C.
  const alive = setInterval(() => undefined, 1 << 30);
  const stop = async () => {
    clearInterval(alive);
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
